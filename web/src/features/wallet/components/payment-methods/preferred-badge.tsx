/**
 * The mark of the preferred payment method, the same word in both lists: the spec's
 * 'Active' (its card item's badge). The Topup panel's payer list says it too.
 */
export function PreferredBadge() {
  return <span className="badge badge--success">Active</span>;
}
