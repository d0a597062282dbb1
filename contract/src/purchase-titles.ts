/**
 * How a purchase is named on a statement or a receipt, for the person reading it: the fan
 * sees what and to whom ('Tip "Munkoyo" to Mutinta Hamoonga'), the creator what and from
 * whom ('Tip "Munkoyo" from Kondwani Tembo'). Plain functions without zod, so the web can
 * use them in any chunk and the server in the statement's descriptions.
 */

type PurchaseNaming = {
  kind: string;
  /** The purchase's details as its feature recorded them ({ period }, { tipName }, { itemType }). */
  details: Record<string, string | number>;
  /** The other person's name; null when their account is gone. */
  counterpartName: string | null;
};

const PERIOD_TITLES: Record<string, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const ITEM_NOUNS: Record<string, string> = { post: 'a post', audio: 'a track', video: 'a video' };
const GONE = 'a closed account';

/** The fan's words: what they bought and from whom. */
export function describePurchaseForFan({ kind, details, counterpartName }: PurchaseNaming): string {
  const creator = counterpartName || GONE;
  switch (kind) {
    case 'pass':
      return `${PERIOD_TITLES[String(details.period)] ?? 'A'} pass to ${creator}`;
    case 'unlock':
      return `Unlocked ${ITEM_NOUNS[String(details.itemType)] ?? 'an item'} by ${creator}`;
    case 'tip':
      return details.tipName ? `Tip "${details.tipName}" to ${creator}` : `Tip to ${creator}`;
    case 'support':
      return `Support to ${creator}`;
    default:
      return `Payment to ${creator}`;
  }
}

/** The creator's words: what they earned and from whom. */
export function describePurchaseForCreator({ kind, details, counterpartName }: PurchaseNaming): string {
  const fan = counterpartName || GONE;
  switch (kind) {
    case 'pass':
      return `${PERIOD_TITLES[String(details.period)] ?? 'A'} pass from ${fan}`;
    case 'unlock': {
      const item = ITEM_NOUNS[String(details.itemType)] ?? 'an item';
      return `${item[0]?.toUpperCase()}${item.slice(1)} unlocked by ${fan}`;
    }
    case 'tip':
      return details.tipName ? `Tip "${details.tipName}" from ${fan}` : `Tip from ${fan}`;
    case 'support':
      return `Support from ${fan}`;
    default:
      return `Payment from ${fan}`;
  }
}
