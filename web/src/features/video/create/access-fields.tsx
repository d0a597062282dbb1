import { POST_PRICE_MAX, POST_PRICE_MIN } from '@stagepass/contract/posts';
import type { TVideoVisibility } from '@stagepass/contract/video';
import { formatKwacha } from '../../../lib/money';
import { TextField } from '../../../ui/form-fields';
import { RadioGroup } from '../../../ui/radio-group';

type AccessFieldsProps = {
  /** 'series': the price sells every episode at once. */
  isSeries: boolean;
  visibility: TVideoVisibility;
  onVisibilityChange: (visibility: TVideoVisibility) => void;
  price: string;
  onPriceChange: (price: string) => void;
  priceError?: string;
  priceId: string;
};

/** Who may watch (everyone, pass holders, or pay to unlock) and the price: create and edit-episode alike. */
export function AccessFields({
  isSeries,
  visibility,
  onVisibilityChange,
  price,
  onPriceChange,
  priceError,
  priceId,
}: AccessFieldsProps) {
  const noun = isSeries ? 'every episode' : 'the whole video';
  const choices: { value: TVideoVisibility; label: string; hint: string }[] = [
    { value: 'everyone', label: 'Everyone', hint: `Anyone can watch ${noun}.` },
    {
      value: 'subscribers',
      label: 'Pass holders',
      hint: `Fans with an active pass watch ${noun}; others see a 30-second preview.`,
    },
    {
      value: 'pay-to-unlock',
      label: 'Pay to unlock',
      hint: isSeries
        ? 'Fans pay your price once for every episode; others see 30-second previews.'
        : 'Fans pay the price you set to watch it all; others see a 30-second preview.',
    },
  ];
  return (
    <>
      <RadioGroup
        legend="Who can watch"
        name="visibility"
        choices={choices}
        value={visibility}
        onChange={onVisibilityChange}
      />
      {visibility === 'pay-to-unlock' ? (
        <TextField
          id={priceId}
          label={isSeries ? 'Price of the whole series (K)' : 'Price (K)'}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 25"
          value={price}
          error={priceError}
          hint={`Between ${formatKwacha(POST_PRICE_MIN)} and ${formatKwacha(POST_PRICE_MAX)}.`}
          onChange={(event) => onPriceChange(event.target.value)}
        />
      ) : null}
    </>
  );
}
