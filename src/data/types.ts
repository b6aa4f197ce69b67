/**
 * Record shapes of the content backend. Field names are the spec's (section 3),
 * misspellings included (`summery`, `secondery_product`). Relation fields hold ids;
 * `expand` holds the related records when a read asks for them.
 */

export interface BaseRecord {
  id: string;
  collectionId: string;
  collectionName: string;
}

/** PocketBase answer for a list read. */
export interface ListResult<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

export interface Category extends BaseRecord {
  title: string;
  slug: string;
  icon_image: string;
  icon_code: string;
  color_hex: string;
  meta_title: string;
  meta_keyword: string;
  meta_description: string;
  create_time: string;
  update_time: string;
}

export interface StoreFilter extends BaseRecord {
  title: string;
  total: number;
}

export type BadgeStyle = "primary" | "secondary" | "success" | "danger" | "warning" | "info" | "dark";

export interface Badge extends BaseRecord {
  title: string;
  icon: string;
  icon_class: string;
  style: BadgeStyle | "";
}

export interface Store extends BaseRecord {
  logo: string;
  banner_image: string;
  title: string;
  slug: string;
  /** HTML, spelt so by the spec. */
  summery: string;
  subheading: string;
  category_ids: string[];
  website: string;
  default_action_url: string;
  default_action_text: string;
  is_featured_store: boolean;
  is_featured: boolean;
  badge: string;
  description: string;
  rating: number;
  reviewers: number;
  /** Where the rating and reviewer count come from (an editor's note); "" when unstated. */
  rating_source: string;
  /** Label → value, shown as a grid on the store page. */
  keypoints: Record<string, string> | null;
  meta_title: string;
  meta_keyword: string;
  meta_description: string;
  view_count: number;
  create_time: string;
  update_time: string;
  expand?: { category_ids?: Category[]; badge?: Badge };
}

export type OfferType = "coupon" | "deal";

export interface Offer extends BaseRecord {
  heading: string;
  subheading: string;
  rating: number;
  review_count: number;
  click_count: number;
  view_count: number;
  type: OfferType;
  coupon_code: string;
  cta_label: string;
  cta_url: string;
  /** false means no tracking ping. */
  cta_trigger: boolean;
  tnc: string;
  thumbnail: string;
  is_featured: boolean;
  badge: string;
  badges: string[];
  headline: string;
  description: string;
  categories: string[];
  store: string;
  /** Lifecycle (issue 15): PocketBase dates, "" when unset; no expires_at means open-ended. */
  starts_at: string;
  expires_at: string;
  verified_at: string;
  /** "Did it work?" votes, raised only by PocketBase's hook. */
  worked_count: number;
  failed_count: number;
  /** ISO 3166-1 alpha-2 codes it is limited to; empty means worldwide (issue 36). */
  countries: string[];
  /** Partner URL by country code, used at /goto instead of `cta_url` for visitors from there. */
  cta_urls: Record<string, string> | null;
  expand?: { badges?: Badge[]; badge?: Badge; store?: Store };
}

export interface TopDeal extends BaseRecord {
  heading: string;
  subheading: string;
  rating: number;
  review_count: number;
  thumbnail: string;
  cta_label: string;
  cta_url: string;
  cta_trigger: boolean;
  store: string;
  badges: string[];
  click_count: number;
  starts_at: string;
  expires_at: string;
  verified_at: string;
  worked_count: number;
  failed_count: number;
  expand?: { badges?: Badge[]; store?: Store };
}

export interface Banner extends BaseRecord {
  name: string;
  image: string;
  url: string;
}

export interface SocialLink {
  network: string;
  url: string;
}

export interface Author extends BaseRecord {
  first_name: string;
  last_name: string;
  avatar: string;
  about: string;
  rating: number;
  review_count: number;
  badges: string[];
  user: string;
  social_links: SocialLink[] | null;
  /** What they know best, under their name (issue 53). */
  expertise: string;
  create_time: string;
  update_time: string;
}

export type ProductStatus = "draft" | "published" | "archived";
export type CardType = "medium" | "small";

export interface Product extends BaseRecord {
  name: string;
  brand: string;
  primary_category: string;
  categories: string[];
  featured_image: string;
  images: string[];
  summary: string;
  description: string;
  pros: string;
  cons: string;
  /** Space separated. */
  tags: string;
  headline: string;
  /** The offer whose coupon code the product's cards offer, while that offer is live. */
  coupon_offer: string;
  offers: string[];
  cta_label: string;
  cta_url: string;
  cta_trigger: boolean;
  rating: number;
  review_count: number;
  /** Where the rating and review count come from (an editor's note); "" when unstated. */
  rating_source: string;
  view_count: number;
  click_count: number;
  /** Price of the plan the call to action leads to; 0 when the editor has not set one. */
  price: number;
  /** ISO 4217 code of `price` ("USD"); empty when unset. */
  price_currency: string;
  /** Label → value: the facts a comparison table puts side by side (issue 53). */
  specs: Record<string, string> | null;
  status: ProductStatus | "";
  create_time: string;
  update_time: string;
  expand?: { categories?: Category[]; primary_category?: Category; offers?: Offer[]; coupon_offer?: Offer };
}

/** Fields every published piece (blog article, comparison, advertorial) has. */
interface PublishedContent extends BaseRecord {
  title: string;
  featured_image: string;
  banner_image: string;
  authors: string[];
  categories: string[];
  publish_time: string;
  is_featured: boolean;
  meta_title: string;
  meta_keywords: string;
  meta_description: string;
  /** When what readers read last changed, kept by PocketBase's hook (pb_hooks/revisions.js); "" when never since creation. */
  revised_at: string;
  /** An editor's line on what that change was; "" when none. */
  revision_note: string;
  create_time: string;
  update_time: string;
}

export interface Article extends PublishedContent {
  slug: string;
  summary: string;
  /** Markdown. */
  content: string;
  product: string;
  product_cardtype: CardType | "";
  offers: string[];
  /** Space separated. */
  tags: string;
  status: ProductStatus | "";
  expand?: { authors?: Author[]; categories?: Category[]; product?: Product; offers?: Offer[] };
}

export interface Comparison extends PublishedContent {
  subtitle: string;
  intro: string;
  outro: string;
  primary_product: string;
  primary_product_badges: string[];
  primary_product_cardtype: CardType | "";
  secondery_product: string;
  secondery_product_badges: string[];
  secondery_product_cardtype: CardType | "";
  products: string[];
  cta_label: string;
  stores: string[];
  /** Comma separated. */
  tags: string;
  /** The product specs its table shows, in order; empty or null: those every compared product has. */
  comparison_rows: string[] | null;
  expand?: {
    authors?: Author[];
    categories?: Category[];
    primary_product?: Product;
    secondery_product?: Product;
    primary_product_badges?: Badge[];
    secondery_product_badges?: Badge[];
    products?: Product[];
  };
}

export interface Editorial extends PublishedContent {
  subtitle: string;
  summary: string;
  show_overview: boolean;
  products: string[];
  show_offers: boolean;
  description: string;
  conclusion: string;
  stores: string[];
  /** Comma separated. */
  tags: string;
  expand?: { authors?: Author[]; categories?: Category[]; products?: Product[] };
}

/** The site-settings record (id 9), read with its relations populated. */
export interface Website extends BaseRecord {
  name: string;
  origin: string;
  support_email: string;
  office_city: string;
  office_country: string;
  office_address: string;
  social_links: SocialLink[] | null;
  analytics_measurement_id: string;
  ping_cid: string;
  pings_enabled: boolean;
  footer_categories: string[];
  featured_stores: string[];
  expand?: { footer_categories?: Category[]; featured_stores?: Store[] };
}
