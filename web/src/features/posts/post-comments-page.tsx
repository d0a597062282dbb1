import { ComingSoon } from '../../ui/coming-soon';

export default function PostCommentsPage() {
  return <ComingSoon title="Comments" />;
}
