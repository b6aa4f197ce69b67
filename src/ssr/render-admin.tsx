import type { ComponentProps, ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { AdminMessage } from "../admin/AdminMessage";
import { LinkPage } from "../admin/LinkPage";
import { LinksPage } from "../admin/LinksPage";
import { ReportsPage } from "../admin/ReportsPage";
import { SignInPage } from "../admin/SignInPage";
import { StatusPage } from "../admin/StatusPage";

/**
 * The reports' pages (src/admin) as complete documents: rendered whole before they are sent
 * (they are small and never hydrated), never cached.
 */
async function render(page: ReactElement, status: number): Promise<Response> {
  const stream = await renderToReadableStream(page, {
    onError: (error) => {
      console.error("admin render error", error);
    },
  });
  await stream.allReady;
  return new Response(stream, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export const renderSignIn = (props: ComponentProps<typeof SignInPage>, status = 200) => render(<SignInPage {...props} />, status);
export const renderReport = (props: ComponentProps<typeof ReportsPage>) => render(<ReportsPage {...props} />, 200);
export const renderLinks = (props: ComponentProps<typeof LinksPage>, status = 200) => render(<LinksPage {...props} />, status);
export const renderLink = (props: ComponentProps<typeof LinkPage>, status = 200) => render(<LinkPage {...props} />, status);
export const renderAdminMessage = (props: ComponentProps<typeof AdminMessage>, status: number) => render(<AdminMessage {...props} />, status);
export const renderStatus = (props: ComponentProps<typeof StatusPage>) => render(<StatusPage {...props} />, 200);
