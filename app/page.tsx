// / – the review desk: check a draft's citations
import { ReviewDesk } from "@/components/review/review-desk";
import { caseCollections } from "@/lib/store/case-collections";
import { getIndex } from "@/lib/store/index-store";
import type { CaseCollectionView } from "@/lib/ui/case-scope";
import { currentSession } from "@/app/_lib/server-session";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const session = await currentSession();
  let collections: CaseCollectionView[] = [];
  try {
    collections = caseCollections(getIndex());
  } catch {
    /* index unavailable: the check itself will say so */
  }
  return <ReviewDesk session={session} caseCollections={collections} />;
}
