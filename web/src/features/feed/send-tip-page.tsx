import { ComingSoon } from '../../ui/coming-soon';

/** /feed/:postId/send-tip/:tipName/:amount: confirms a tip on a post. */
export default function SendTipPage() {
  return <ComingSoon title="Send a tip" />;
}
