import { POST_PRICE_MAX, POST_PRICE_MIN } from '@stagepass/contract/posts';
import type { TVideoVisibility } from '@stagepass/contract/video';
import { formatKwacha } from '../../../lib/money';
import { AccessFields } from '../../../ui/item/item-form-fields';

type VideoAccessFieldsProps = {
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
export function VideoAccessFields({ isSeries, ...fields }: VideoAccessFieldsProps) {
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
    <AccessFields
      legend="Who can watch"
      choices={choices}
      priceLabel={isSeries ? 'Price of the whole series (K)' : 'Price (K)'}
      priceHint={`Between ${formatKwacha(POST_PRICE_MIN)} and ${formatKwacha(POST_PRICE_MAX)}.`}
      {...fields}
    />
  );
}
