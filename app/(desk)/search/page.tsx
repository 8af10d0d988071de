// /search – clause, regulation, securities and semantic search with facets; the URL holds the query
import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchDesk } from "@/components/search/search-desk";

export const metadata: Metadata = { title: "法规检索" };

export default function SearchPage() {
  return (
    <Suspense fallback={<p className="text-sm text-muted">加载中…</p>}>
      <SearchDesk />
    </Suspense>
  );
}
