import { formatKwacha } from '@stagepass/contract/money-format';

/**
 * The sandbox bank's 3-D Secure page: plain server-rendered HTML with no script, readable
 * at 360 px and in dark mode, its two answers buttons of one form. Every value put in it is
 * escaped, although all of them are ours.
 */

export type ChallengePageState =
  | { kind: 'question'; chargeId: string; amount: number; currency: string }
  | { kind: 'answered'; approved: boolean; returnUrl: string }
  | { kind: 'unknown' };

const STYLE = `
:root { color-scheme: light dark; --bg: #f6f7f9; --fg: #16181d; --card: #fff; --muted: #555b66;
  --accent: #1d4ed8; --accent-fg: #fff; --border: #c9ced6; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111318; --fg: #eef0f4; --card: #1b1e25; --muted: #b3b9c4; --accent: #8fb0ff;
    --accent-fg: #0b1020; --border: #3a404c; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
section { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1.25rem; }
h1 { font-size: 1.375rem; line-height: 1.3; margin: 0 0 0.75rem; }
p { margin: 0 0 1rem; color: var(--muted); }
.amount { font-size: 1.75rem; font-weight: 700; color: var(--fg); margin: 0 0 1.25rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
button, a.button { flex: 1 1 8rem; min-height: 2.75rem; padding: 0.625rem 1rem; border-radius: 0.5rem;
  font: inherit; font-weight: 600; cursor: pointer; text-align: center; text-decoration: none; }
.approve { background: var(--accent); color: var(--accent-fg); border: 2px solid var(--accent); }
.refuse { background: transparent; color: var(--fg); border: 2px solid var(--border); }
button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Sandbox bank</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<section aria-labelledby="title">
${body}
</section>
</main>
</body>
</html>`;
}

export function renderChallengePage(state: ChallengePageState): string {
  if (state.kind === 'unknown') {
    return page(
      'Payment not found',
      `<h1 id="title">Payment not found</h1>
<p>This bank check does not exist. Go back to the app and try again.</p>`,
    );
  }
  if (state.kind === 'answered') {
    const verdict = state.approved ? 'approved' : 'refused';
    return page(
      `Payment ${verdict}`,
      `<h1 id="title">This payment was ${verdict} already</h1>
<p>The answer given first counts.</p>
<div class="actions"><a class="button approve" href="${escapeHtml(state.returnUrl)}">Back to the app</a></div>`,
    );
  }
  const amount = formatKwacha(state.amount);
  return page(
    'Confirm your payment',
    `<h1 id="title">Confirm your payment</h1>
<p>Your bank asks you to confirm this card payment. This is the sandbox: no real bank is asked.</p>
<p class="amount">${escapeHtml(amount)} <span>${escapeHtml(state.currency)}</span></p>
<form method="post" action="/sandbox/cards/challenges/${escapeHtml(state.chargeId)}" class="actions">
<button type="submit" name="outcome" value="approve" class="approve">Approve</button>
<button type="submit" name="outcome" value="refuse" class="refuse">Refuse</button>
</form>`,
  );
}
