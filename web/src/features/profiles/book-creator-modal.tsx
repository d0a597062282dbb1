import { useEffect, useRef, useState } from 'react';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { toast } from '../../lib/toast';
import { CopyIcon, MessageIcon, TickIcon } from '../../ui/page-icons';
import { RadioGroup } from '../../ui/radio-group';
import { type TProfile, useProfile } from './api/get-profile';
import { readPronouns } from './profile-format';
import './profile-forms.css';

const periods = ['7 days', '14 days', '30 days'].map((period) => ({ value: period, label: period }));
/** The spec's starting period. */
const defaultPeriod = '14 days';
/** How long the tick stays after copying (spec: 3 seconds). */
const copiedForMs = 3000;

/** The chat link of WhatsApp's click-to-chat: digits only, and the message prefilled. */
export function buildChatLink(phone: string, message: string) {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

/** `?modal=book-creator/{username}`: the creator's number to copy, and a chat with a prefilled message. */
export default function BookCreatorModal({ options }: ModalBodyProps) {
  const profile = useProfile(options);
  if (profile.data) return <BookingDetails profile={profile.data} />;
  if (profile.isError || !options) return <p className="modal__text">This profile could not be loaded.</p>;
  return <p className="modal__loading">Loading…</p>;
}

function BookingDetails({ profile }: { profile: TProfile }) {
  const [period, setPeriod] = useState<string>(defaultPeriod);
  const pronouns = readPronouns(profile.gender);

  if (!profile.phone) {
    return <p className="modal__text">{profile.name} has not added a phone number for bookings yet.</p>;
  }

  const message = `Hello ${profile.name}, I found you on Stagepass and would like to book you for ${period}.`;
  return (
    <div className="booking">
      <p className="modal__text">
        Booking {profile.name} directly supports {pronouns.possessive} work. Contact {pronouns.object} on the
        number below and agree the details together.
      </p>
      <RadioGroup
        legend="For how long?"
        layout="chips"
        name="booking-period"
        choices={periods}
        value={period}
        onChange={setPeriod}
      />
      <PhoneNumber phone={profile.phone} />
      <div className="modal__actions">
        <a
          className="button button--primary"
          href={buildChatLink(profile.phone, message)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessageIcon />
          Chat on WhatsApp
        </a>
      </div>
    </div>
  );
}

function PhoneNumber({ phone }: { phone: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(phone);
    } catch {
      toast.error('The number could not be copied: select it and copy it yourself.');
      return;
    }
    setIsCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsCopied(false), copiedForMs);
  }

  return (
    <div className="booking__phone">
      <span className="booking__number">{phone}</span>
      <button
        type="button"
        className="icon-button"
        aria-label="Copy phone number"
        onClick={() => void copy()}
      >
        {isCopied ? <TickIcon className="booking__tick" /> : <CopyIcon />}
      </button>
      <span className="visually-hidden" role="status">
        {isCopied ? 'Phone number copied' : ''}
      </span>
    </div>
  );
}
