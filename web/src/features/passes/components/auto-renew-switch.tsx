import { Switch } from '../../../ui/switch';
import type { TPass } from '../api/list-passes';
import { useSetAutoRenew } from '../api/set-auto-renew';

/**
 * Renew this pass from the wallet balance, on or off (ui/switch: Space or Enter toggles it),
 * with why mobile money cannot do it as its description.
 */
export function AutoRenewSwitch({ pass }: { pass: TPass }) {
  const setAutoRenew = useSetAutoRenew();
  return (
    <Switch
      label="Auto-renew from wallet"
      isOn={pass.isAutoRenew}
      onToggle={(isOn) => setAutoRenew.mutate({ username: pass.creator.username, isEnabled: isOn })}
      note={
        <>
          {pass.renewalPrice === null
            ? 'This creator no longer offers this pass, so it cannot renew. '
            : 'Renews from your wallet balance an hour before it ends, if the balance covers it. '}
          Mobile money asks for your PIN every time, so it cannot renew a pass by itself.
        </>
      }
    />
  );
}
