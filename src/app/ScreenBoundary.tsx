import { Suspense } from "react";
import { Outlet } from "react-router";

/**
 * The screens' parent: each screen inside a Suspense boundary of its own, so the browser
 * hydrates the frame (header, menus, footer) without waiting for the screen's code. React
 * keeps the server's HTML of the screen until its chunk has loaded, then hydrates it
 * (selective hydration, set up by client/entry.tsx; docs/decisions/016). The server and
 * client navigations render screens already loaded, so the empty fallback never shows.
 */
export function ScreenBoundary() {
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}
