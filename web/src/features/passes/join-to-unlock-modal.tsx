import type { TPassPeriod } from '@stagepass/contract/passes';
import { useState } from 'react';
import { ApiError, genericErrorMessage } from '../../lib/api-client';
import { Checkout } from '../../lib/checkout';
import { formatUsername } from '../../lib/format-username';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha } from '../../lib/money';
import { OwnItemNotice } from '../../lib/own-item-notice';
import { RadioGroup } from '../../ui/radio-group';
import { useProfile } from '../profiles/api/get-profile';
import { formatPassExpiry, formatPassPrice, formatPeriodTitle } from './pass-format';
import '../../ui/badge.css';
import '../../ui/form.css';
import './passes.css';

/**
 * `?modal=join-to-unlock/{username}` (the spec's join-to-unlock, for profiles): choose a
 * pass period and pay it through the checkout, from the wallet or with the shortfall topped
 * up in the same modal; the pass starts once it is paid, and the profile behind shows
 * 'Pass holder' at once.
 */
export default function JoinToUnlockModal({ options: username, closeModal, setTitle }: ModalBodyProps) {
  const profile = useProfile(username);
  const [period, setPeriod] = useState<TPassPeriod | null>(null);
  const [isPaidHere, setIsPaidHere] = useState(false);

  if (profile.isPending) return <p className="modal__loading">Loading…</p>;
  if (!profile.data) {
    const isMissing = profile.error instanceof ApiError && profile.error.status === 404;
    return isMissing ? (
      <p className="join__note">This profile does not exist.</p>
    ) : (
      <p role="alert">{genericErrorMessage}</p>
    );
  }
  const { prices, passExpiresAt, profileInteraction } = profile.data;
  const name = profile.data.name || formatUsername(username);
  if (profileInteraction === 'AUTHOR') return <OwnItemNotice item="page" onClose={closeModal} />;
  const chosen =
    prices.find((price) => price.period === (period ?? profile.data.pricing?.period)) ?? prices[0];
  if (!chosen) return <p className="join__note">{name} does not offer a pass yet.</p>;

  return (
    <Checkout
      label={`Join ${name}`}
      amount={chosen.price}
      submitLabel={`Pay ${formatKwacha(chosen.price)}`}
      buildOrder={() => ({ kind: 'pass', creator: profile.data.username, period: chosen.period })}
      onCompleted={() => setIsPaidHere(true)}
      onClose={closeModal}
      setTitle={setTitle}
    >
      {(isLocked) => (
        <>
          <p className="join__lead">Join {name} to unlock everything they post while your pass runs.</p>
          {passExpiresAt ? (
            <p className="join__current">
              <span className="badge badge--success">Pass holder</span> until{' '}
              {formatPassExpiry(passExpiresAt)}.{isPaidHere ? '' : ' A new pass adds to it.'}
            </p>
          ) : null}
          <fieldset className="join__fields" disabled={isLocked}>
            <RadioGroup
              legend="Choose a pass"
              name="pass-period"
              choices={prices.map((price) => ({
                value: price.period,
                label: `${formatPeriodTitle(price.period)} · ${formatPassPrice(price)}`,
              }))}
              value={chosen.period}
              onChange={(value) => setPeriod(value)}
            />
          </fieldset>
        </>
      )}
    </Checkout>
  );
}
