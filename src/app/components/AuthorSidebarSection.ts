import { lazySection } from "../lazy-section";

/** The sidebar's author details, hydrated when the visitor comes near them (issue 37): beside
 * the text on wide screens, after it on phones; their links work before (plain anchors). */
export const AuthorSidebarSection = lazySection("author-sidebar", () => import("./AuthorSidebar"), "AuthorSidebar");
