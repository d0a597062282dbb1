import type { ComponentType } from 'react';
import type { ModalOptionsParser } from '../../lib/modals/modal-options';
import type { ModalBodyProps } from '../../lib/modals/modal-types';

/**
 * A modal's body behind its options' parser: options that cannot name anything get the
 * parser's calm sentence instead, so the body (and its requests) never start.
 */
export function withParsedOptions<TOptions>(
  parseOptions: ModalOptionsParser<TOptions>,
  Body: ComponentType<ModalBodyProps<TOptions>>,
): ComponentType<ModalBodyProps> {
  return function ParsedOptionsBody({ options, ...props }: ModalBodyProps) {
    const parsed = parseOptions(options);
    if (!parsed.isValid) {
      return (
        <p className="modal__text" role="status">
          {parsed.message}
        </p>
      );
    }
    return <Body {...props} options={parsed.value} />;
  };
}
