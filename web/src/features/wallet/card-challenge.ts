import { CARD_TOPUP_RETURN_PARAM } from '@stagepass/contract/card-topup-texts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * The round trip through the bank's 3-D Secure check: the browser leaves for the card
 * processor's challenge page and comes back to the page it left, with ?cardTopup=<id>
 * added. What was being paid for is kept in this tab's sessionStorage meanwhile, so the
 * checkout (or the Topup panel) picks up where it was.
 */

const PURCHASE_KEY_PREFIX = 'card-challenge:purchase:';

/** This page's address, to come back to after the check (without a previous return's mark). */
export function readReturnPath(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete(CARD_TOPUP_RETURN_PARAM);
  return `${url.pathname}${url.search}`;
}

/**
 * The card top-up this page was opened back from, read once; the mark then leaves the
 * address (history replaced), so a reload or a later checkout does not resume it again.
 */
export function useReturnedCardTopupId(): string | null {
  const navigate = useNavigate();
  const [topupId] = useState(() => new URLSearchParams(window.location.search).get(CARD_TOPUP_RETURN_PARAM));
  useEffect(() => {
    if (topupId) void navigate(readReturnPath(), { replace: true });
  }, [topupId, navigate]);
  return topupId;
}

/** Leaves for the challenge page; the purchase waiting on this top-up is remembered first. */
export function goToCardChallenge(challengeUrl: string, awaiting?: { topupId: string; purchaseId: string }) {
  if (awaiting) {
    window.sessionStorage.setItem(`${PURCHASE_KEY_PREFIX}${awaiting.topupId}`, awaiting.purchaseId);
  }
  window.location.assign(challengeUrl);
}

/** The purchase that was waiting on the top-up this page came back from. */
export function recallPurchaseAfterChallenge(topupId: string | null): string | null {
  if (!topupId) return null;
  return window.sessionStorage.getItem(`${PURCHASE_KEY_PREFIX}${topupId}`);
}
