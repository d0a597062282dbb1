import { ComingSoon } from '../../ui/coming-soon';

/**
 * /feed/:postId/send-tip/:tipName/:amount: confirms a tip on a post. Tipping has its own
 * feature, named like the server's tips module, since a tip moves money between people
 * inside the platform (booked through money's ledger) rather than being a part of posts.
 */
export default function SendTipPage() {
  return <ComingSoon title="Send a tip" />;
}
