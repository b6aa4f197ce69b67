import { Breadcrumb } from "../../components/Breadcrumb";

const TRAIL = [
  { label: "Home", to: "/" },
  { label: "Coupons & Deals", to: "/offers" },
];

/** Spec: Home / Coupons & Deals / store title. */
export function StoreBreadcrumb({ title }: { title: string }) {
  return <Breadcrumb links={TRAIL} current={title} />;
}
