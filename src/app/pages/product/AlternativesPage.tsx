import { useLoaderData } from "react-router";
import { HOW_WE_RATE } from "../../../lib/method-pages";
import { productPath } from "../../../lib/slug";
import { itemList } from "../../../lib/structured-data";
import { AffiliateDisclosure } from "../../components/AffiliateDisclosure";
import { AppLink } from "../../components/AppLink";
import { Breadcrumb } from "../../components/Breadcrumb";
import { ComparisonTable } from "../../components/ComparisonTable";
import { PageMeta } from "../../components/PageMeta";
import type { AlternativesData } from "./alternatives-loader";
import { AlternativesList } from "./AlternativesList";

/** Issue 53: "Alternatives to {product}", /products/{name}/{id}/alternatives. */
export function AlternativesPage() {
  const { product, alternatives, total, table, offers } = useLoaderData<AlternativesData>();
  const title = `Alternatives to ${product.name}`;
  const category = product.primaryCategory?.title ?? "";
  return (
    <main className="container py-4">
      <PageMeta
        title={title}
        description={`The ${total} other ${category} products we review, ranked by rating, each with its best live offer.`}
        image={product.imageUrl || undefined}
        structuredData={(page) => [
          itemList(
            page,
            title,
            alternatives.map((item) => ({ name: item.name, path: productPath(item) })),
          ),
        ]}
      />
      <Breadcrumb
        links={[
          { label: "Home", to: "/" },
          { label: "Comparisons", to: "/comparisions" },
          { label: product.name, to: productPath(product) },
        ]}
        current="Alternatives"
      />
      <header className="mb-4">
        <h1 className="h2">{title}</h1>
        <p className="lead mb-2">
          {`The ${total} other ${category} products we review, ranked by rating and then by number of reviews (`}
          <AppLink to={HOW_WE_RATE}>how we rate</AppLink>
          {`), each with its best live coupon or deal.`}
        </p>
        {total > alternatives.length && <p className="small text-body-secondary mb-2">{`The best ${alternatives.length} are listed.`}</p>}
        <AffiliateDisclosure className="mb-0" />
      </header>
      <AlternativesList alternatives={alternatives} offers={offers} />
      {table && <ComparisonTable table={table} products={[product, ...alternatives]} offers={offers} />}
    </main>
  );
}
