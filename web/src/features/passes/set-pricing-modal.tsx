import { PASS_PERIODS, type TPassPeriod } from '@stagepass/contract/purchases';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../lib/api-client';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/form-fields';
import { RadioGroup } from '../../ui/radio-group';
import { SubmitButton } from '../../ui/submit-button';
import { usePricingLimits, useSetPricing } from './api/passes-api';
import { formatPassPrice, formatPeriodTitle, formatPriceBounds } from './pass-format';
import '../../ui/form.css';
import './passes.css';

/**
 * `?modal=set-pricing` (the spec's set-pricing): the creator's price per pass period, a
 * whole number of kwacha between the bounds the server gives ('Set between k{min} - k{max}').
 * Several periods may be offered at once; each can be withdrawn.
 */
export default function SetPricingModal(_props: ModalBodyProps) {
  const limits = usePricingLimits();
  const setPricing = useSetPricing();
  const [period, setPeriod] = useState<TPassPeriod>('monthly');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  const priceRef = useRef<HTMLInputElement>(null);

  if (limits.isPending) return <p className="modal__loading">Loading…</p>;
  if (limits.isError) return <p role="alert">{limits.error.message || genericErrorMessage}</p>;

  const bounds = limits.data.limits[period];
  const boundsText = formatPriceBounds(bounds.min, bounds.max);
  const offered = limits.data.prices;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    // Read as an integer number of kwacha, as the spec says.
    const kwacha = /^\s*\d{1,7}\s*$/.test(price) ? Number(price) : Number.NaN;
    const ngwee = kwacha * 100;
    if (!Number.isInteger(kwacha) || ngwee < bounds.min || ngwee > bounds.max) {
      setError(boundsText);
      priceRef.current?.focus();
      return;
    }
    setError(undefined);
    setPricing.mutate(
      { period, price: ngwee },
      {
        onSuccess: () => {
          setSaved(`${formatPeriodTitle(period)} pass: ${formatPassPrice({ period, price: ngwee })}`);
          setPrice('');
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : genericErrorMessage),
      },
    );
  }

  function withdraw(which: TPassPeriod) {
    setSaved(null);
    setPricing.mutate(
      { period: which, price: null },
      {
        onError: (failure) =>
          toast.error(failure instanceof ApiError ? failure.message : genericErrorMessage),
      },
    );
  }

  return (
    <div className="set-pricing">
      <form noValidate onSubmit={handleSubmit} aria-label="Set pricing" className="set-pricing__form">
        <RadioGroup
          legend="Pass period"
          layout="chips"
          name="period"
          choices={PASS_PERIODS.map((value) => ({ value, label: formatPeriodTitle(value) }))}
          value={period}
          onChange={(value) => {
            setPeriod(value);
            setError(undefined);
          }}
        />
        <TextField
          ref={priceRef}
          label="Price (K)"
          inputMode="numeric"
          autoComplete="off"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            setError(undefined);
          }}
          hint={boundsText}
          error={error}
        />
        <div role="status" className="set-pricing__status">
          {saved ? <p>Saved. {saved}</p> : null}
        </div>
        <SubmitButton isPending={setPricing.isPending}>Save price</SubmitButton>
      </form>
      <section aria-labelledby="set-pricing-offered" className="set-pricing__offered">
        <h3 id="set-pricing-offered" className="set-pricing__title">
          Your passes
        </h3>
        {offered.length === 0 ? (
          <p className="set-pricing__empty">You offer no pass yet.</p>
        ) : (
          <ul className="set-pricing__list">
            {offered.map((offer) => (
              <li key={offer.period} className="set-pricing__item">
                <span>
                  {formatPeriodTitle(offer.period)}: <strong>{formatPassPrice(offer)}</strong>
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={setPricing.isPending}
                  onClick={() => withdraw(offer.period)}
                  aria-label={`Stop offering the ${offer.period} pass`}
                >
                  Stop offering
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
