import { useId } from 'react';
import type { TPass } from '../api/list-passes';
import { useSetAutoRenew } from '../api/set-auto-renew';

/**
 * Renew this pass from the wallet balance, on or off: a switch (Space or Enter toggles it),
 * named by its visible label, with why mobile money cannot do it as its description.
 */
export function AutoRenewSwitch({ pass }: { pass: TPass }) {
  const labelId = useId();
  const noteId = useId();
  const setAutoRenew = useSetAutoRenew();
  const isOn = pass.isAutoRenew;
  return (
    <div className="auto-renew">
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={noteId}
        className="auto-renew__switch"
        onClick={() => setAutoRenew.mutate({ username: pass.creator.username, isEnabled: !isOn })}
      >
        <span className="auto-renew__track" aria-hidden="true">
          <span className="auto-renew__thumb" />
        </span>
        <span id={labelId} className="auto-renew__label">
          Auto-renew from wallet
        </span>
        <span className="auto-renew__state" aria-hidden="true">
          {isOn ? 'On' : 'Off'}
        </span>
      </button>
      <p id={noteId} className="auto-renew__note">
        {pass.renewalPrice === null
          ? 'This creator no longer offers this pass, so it cannot renew. '
          : 'Renews from your wallet balance an hour before it ends, if the balance covers it. '}
        Mobile money asks for your PIN every time, so it cannot renew a pass by itself.
      </p>
    </div>
  );
}
