"use client";
/** The case collections the check searched (from the page's server render), for the case cards. */
import { createContext, useContext } from "react";
import type { CaseCollectionView } from "@/lib/ui/case-scope";

export const CaseScopeContext = createContext<CaseCollectionView[]>([]);

export function useCaseScope(): CaseCollectionView[] {
  return useContext(CaseScopeContext);
}
