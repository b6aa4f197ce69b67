import { redirect, type LoaderFunctionArgs } from "react-router";
import { ACROSS_KINDS_MAX, listAcrossKinds, type ArticleListItem } from "../../../data/articles";
import { getAuthor, type AuthorDetails } from "../../../data/authors";
import { authorPath, hasCanonicalTitleSegment } from "../../../lib/slug";
import { notFound, requirePageInRange, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { pathRecordId } from "../articles/params";
import { pageFrom } from "../store/filter-params";

/** Pieces per page of an author's list. */
export const AUTHOR_PIECES_PER_PAGE = 10;

export interface AuthorPageData {
  author: AuthorDetails;
  /** Their comparisons, advertorials and articles, newest first: this page of them. */
  pieces: ArticleListItem[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/**
 * /authors/{name}/{id} (issue 53): the author and their pieces across the three lists, newest
 * first, `?page=` by ten. The merge reads each list's first `page × 10`, so the list reaches
 * its newest 100 pieces (each list's largest page); later pages are not found.
 */
export async function authorLoader({ params, request, context }: LoaderFunctionArgs): Promise<AuthorPageData> {
  const id = pathRecordId(params.id);
  const url = new URL(request.url);
  const page = pageFrom(url.searchParams);
  if (page * AUTHOR_PIECES_PER_PAGE > ACROSS_KINDS_MAX) notFound();
  const pb = contentFrom(context);
  const [author, list] = await Promise.all([
    getAuthor(pb, id).catch(rethrowContentError),
    listAcrossKinds(pb, { authorId: id }, page * AUTHOR_PIECES_PER_PAGE).catch(rethrowContentError),
  ]);
  if (!hasCanonicalTitleSegment(url.pathname, author.name)) throw redirect(`${authorPath(author)}${url.search}`, 301);
  const pieces = list.items.slice((page - 1) * AUTHOR_PIECES_PER_PAGE);
  requirePageInRange(page, pieces.length);
  const reachable = Math.min(list.totalItems, ACROSS_KINDS_MAX);
  return { author, pieces, page, totalPages: Math.ceil(reachable / AUTHOR_PIECES_PER_PAGE), totalItems: list.totalItems };
}
