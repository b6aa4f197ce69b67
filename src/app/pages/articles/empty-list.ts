/** Spec: what an article list says when it has nothing to show (also the advertorial page's
 * fallback). A module of its own, so that the fallback does not bring the lists' page. */
export const EMPTY_LIST_MESSAGE = "Our team is working on it to bring more articles to you";
