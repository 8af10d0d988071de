/**
 * Compile-time agreement of every response shape with its one source, the operation's zod
 * schema: the domain types must be the schema's output exactly (Same), and the browser's
 * copies (which read a subset, tolerating absent fields) must accept it (Extends). A field
 * added or renamed on one side and not the other fails `tsc`. Type-only: nothing runs.
 */
import type { z } from "zod";
import type { Assert, Extends, Same } from "./pieces";
import type { clauseItem, rhFtSearchResponse } from "../rh_ft_search/schema";
import type { regulationItem, rhFgSearchResponse } from "../rh_fg_search/schema";
import type { regulationDetail } from "../fg_detail/schema";
import type { caseRecord } from "../case_detail/schema";
import type { facetCountsResponse } from "../facet_counts/schema";
import type { fatiaoItem, lawVectorSearchResponse } from "../law_vector_search/schema";
import type { hallDetectResponse } from "../hall_detect/schema";
import type { ClauseItem, RegulationItem } from "@/lib/search/keyword/types";
import type { FacetCounts } from "@/lib/search/keyword/count-facets";
import type { FatiaoItem } from "@/lib/search/semantic/search";
import type { CaseRecord, RegulationDetail } from "@/lib/store/types";
import type { SuccessBody } from "@/lib/api/success-body";
import type { HallDetectResponse } from "@/lib/citations/types";
import type { ClauseHit, FacetCountsResponse, KeywordResponse, RegulationHit, VectorHit, VectorResponse } from "@/components/search/types";
import type { CheckResult } from "@/lib/ui/check-types";

// domain ⇔ schema
export type ClauseItemAgrees = Assert<Same<z.output<typeof clauseItem>, ClauseItem>>;
export type RegulationItemAgrees = Assert<Same<z.output<typeof regulationItem>, RegulationItem>>;
export type ClauseSearchBodyAgrees = Assert<Same<z.output<typeof rhFtSearchResponse>, SuccessBody<ClauseItem[]>>>;
export type RegulationSearchBodyAgrees = Assert<Same<z.output<typeof rhFgSearchResponse>, SuccessBody<RegulationItem[]>>>;
export type RegulationDetailAgrees = Assert<Same<z.output<typeof regulationDetail>, RegulationDetail>>;
export type CaseRecordAgrees = Assert<Same<z.output<typeof caseRecord>, CaseRecord>>;
export type FacetCountsAgrees = Assert<Same<z.output<typeof facetCountsResponse>, SuccessBody<FacetCounts>>>;
export type FatiaoItemAgrees = Assert<Same<z.output<typeof fatiaoItem>, FatiaoItem>>;
export type HallDetectAgrees = Assert<Same<z.output<typeof hallDetectResponse>, HallDetectResponse>>;

// schema → browser copies
export type BrowserClauseHitAgrees = Assert<Extends<z.output<typeof clauseItem>, ClauseHit>>;
export type BrowserRegulationHitAgrees = Assert<Extends<z.output<typeof regulationItem>, RegulationHit>>;
export type BrowserClauseBodyAgrees = Assert<Extends<z.output<typeof rhFtSearchResponse>, KeywordResponse<ClauseHit>>>;
export type BrowserVectorHitAgrees = Assert<Extends<z.output<typeof fatiaoItem>, VectorHit>>;
export type BrowserCheckResultAgrees = Assert<Extends<z.output<typeof hallDetectResponse>, CheckResult>>;
export type BrowserVectorBodyAgrees = Assert<Extends<z.output<typeof lawVectorSearchResponse>, VectorResponse>>;
export type BrowserFacetCountsAgrees = Assert<Extends<z.output<typeof facetCountsResponse>, FacetCountsResponse>>;
