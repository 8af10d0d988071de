// / – the review desk: check a draft's citations
import { ReviewDesk } from "@/components/review/review-desk";
import { currentSession } from "@/lib/ui/server-session";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const session = await currentSession();
  return <ReviewDesk session={session} />;
}
