import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/site-header";
import { currentSession } from "@/app/_lib/server-session";

export const metadata: Metadata = {
  title: { default: "法规引用核查", template: "%s · 法规引用核查" },
  description: "核查法律文书中的法规、条文与案例引用；检索法条与法规。",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  return (
    <html lang="zh-CN">
      <body className="min-h-screen antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
          跳到主要内容
        </a>
        <SiteHeader session={session} />
        <Providers>
          <main id="main" className="mx-auto max-w-7xl px-4 py-6 md:px-6">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
