import type { AssetUpload } from '../../lib/use-asset-upload';
import { TextField } from '../form-fields';
import { type RadioChoice, RadioGroup } from '../radio-group';
import { UploadField } from '../upload-field';

// The fields a creator fills alike to publish a video or a track.

const COVER_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif';

type TitleFieldProps = {
  id: string;
  value: string;
  maxLength: number;
  error?: string;
  onChange: (title: string) => void;
};

/** The title, with how much of its length is used as its hint. */
export function TitleField({ id, value, maxLength, error, onChange }: TitleFieldProps) {
  return (
    <TextField
      id={id}
      label="Title"
      name="title"
      autoComplete="off"
      value={value}
      maxLength={maxLength}
      error={error}
      hint={`${value.length}/${maxLength}`}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

type CoverUploadFieldProps = {
  upload: AssetUpload;
  /** 'Cover photo', 'Poster photo'. */
  label: string;
  noun: string;
  hint: string;
  /** The preview's name: 'Preview of your cover'. */
  previewAlt: string;
};

/** The optional photo of an item, shown from this device once chosen. */
export function CoverUploadField({ upload, label, noun, hint, previewAlt }: CoverUploadFieldProps) {
  return (
    <UploadField
      upload={upload}
      label={label}
      noun={noun}
      accept={COVER_TYPES}
      hint={hint}
      renderPreview={(url) => <img className="upload-field__cover" src={url} alt={previewAlt} />}
    />
  );
}

type AccessFieldsProps<TVisibility extends string> = {
  /** 'Who can watch', 'Who can listen'. */
  legend: string;
  choices: readonly RadioChoice<TVisibility>[];
  visibility: TVisibility;
  onVisibilityChange: (visibility: TVisibility) => void;
  priceId: string;
  priceLabel: string;
  priceHint: string;
  price: string;
  onPriceChange: (price: string) => void;
  priceError?: string;
};

/** Who may see an item (everyone, pass holders, or pay to unlock) and, for pay to unlock, its price. */
export function AccessFields<TVisibility extends string>({
  legend,
  choices,
  visibility,
  onVisibilityChange,
  priceId,
  priceLabel,
  priceHint,
  price,
  onPriceChange,
  priceError,
}: AccessFieldsProps<TVisibility>) {
  return (
    <>
      <RadioGroup
        legend={legend}
        name="visibility"
        choices={choices}
        value={visibility}
        onChange={onVisibilityChange}
      />
      {visibility === 'pay-to-unlock' ? (
        <TextField
          id={priceId}
          label={priceLabel}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 25"
          value={price}
          error={priceError}
          hint={priceHint}
          onChange={(event) => onPriceChange(event.target.value)}
        />
      ) : null}
    </>
  );
}
