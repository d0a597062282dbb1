import {
  PURCHASE_MESSAGES,
  SUPPORT_MAX_AMOUNT,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MIN_AMOUNT,
} from '@stagepass/contract/purchases';
import { useState } from 'react';
import { Checkout } from '../../lib/checkout';
import { normaliseUsername } from '../../lib/format-username';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha, parseKwachaToNgwee } from '../../lib/money';
import { OwnItemNotice } from '../../lib/own-item-notice';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { TextAreaField, TextField } from '../../ui/form-fields';
import { useProfile } from '../profiles/api/get-profile';
import { countMessageCharacters, describeSupport } from './support-text';
import '../../ui/form.css';
import './support.css';

/** Whole kwacha a fan may start from. */
const SUGGESTED_KWACHA = [20, 50, 100];

/**
 * `?modal=support-creator/{username}` (the spec's name): one-off support, an amount the fan
 * chooses (K1 to K20,000) and an optional message only the creator reads, sent from the
 * wallet or with the shortfall by mobile money or a card. The text names the creator and
 * uses the pronoun of their profile's gender (spec section 9).
 */
export default function SupportCreatorModal({ options: username, closeModal, setTitle }: ModalBodyProps) {
  const { data: viewer } = useSession();
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | undefined>();
  const profile = useProfile(username);
  const amount = parseKwachaToNgwee(amountText);
  // Only an amount that may be sent is priced (and topped up when the wallet is short).
  const isAllowed = amount !== null && amount >= SUPPORT_MIN_AMOUNT && amount <= SUPPORT_MAX_AMOUNT;
  const handle = username.startsWith('@') ? username : `@${username}`;
  // The registry's parser has checked the username; the creator's own page sells nothing.
  if (viewer && normaliseUsername(viewer.username) === normaliseUsername(username)) {
    return <OwnItemNotice item="page" onClose={closeModal} />;
  }

  function checkAmount(): number | null {
    if (!isAllowed) {
      setError(PURCHASE_MESSAGES.supportAmount);
      return null;
    }
    return amount;
  }

  const messageLength = countMessageCharacters(message);
  function checkMessage(): { message?: string } | null {
    if (messageLength > SUPPORT_MESSAGE_MAX_LENGTH) {
      setMessageError(PURCHASE_MESSAGES.supportMessageTooLong);
      return null;
    }
    return messageLength === 0 ? {} : { message: message.trim() };
  }

  return (
    <Checkout
      label="Send support"
      amount={isAllowed ? amount : null}
      submitLabel={amount ? `Send ${formatKwacha(amount)}` : 'Send support'}
      buildOrder={() => {
        const checked = checkAmount();
        const note = checkMessage();
        return checked === null || note === null
          ? null
          : { kind: 'support', creator: handle, amount: checked, ...note };
      }}
      setTitle={setTitle}
      onCompleted={(purchase) => {
        toast.success(`You sent ${formatKwacha(purchase.amount)} to ${purchase.creator?.name ?? handle}.`);
        closeModal();
      }}
    >
      {(isLocked) => (
        <fieldset className="support-amount" disabled={isLocked}>
          <p className="modal__text">
            {profile.data
              ? describeSupport(profile.data)
              : `Send a one-off amount of your choice, ${formatKwacha(SUPPORT_MIN_AMOUNT)} to ${formatKwacha(SUPPORT_MAX_AMOUNT)}.`}
          </p>
          <div className="support-amount__presets">
            {SUGGESTED_KWACHA.map((kwacha) => (
              <button
                key={kwacha}
                type="button"
                className="button button--secondary"
                aria-pressed={amount === kwacha * 100}
                onClick={() => {
                  setAmountText(String(kwacha));
                  setError(undefined);
                }}
              >
                {formatKwacha(kwacha * 100)}
              </button>
            ))}
          </div>
          <TextField
            label="Amount (K)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="50"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <TextAreaField
            label="Message (optional)"
            rows={3}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setMessageError(undefined);
            }}
            hint={`${messageLength}/${SUPPORT_MESSAGE_MAX_LENGTH}`}
            error={messageError}
          />
        </fieldset>
      )}
    </Checkout>
  );
}
