import { findTipOption, TIP_MESSAGES, type TTipOption } from '@stagepass/contract/tips';
import { acceptOptions, type ModalOptionsResult, refuseOptions } from '../../lib/modals/modal-options';
import type { TipAddress } from './tip-options';

/**
 * The named tip an address asks for, from the list: one of the tips, at that tip's amount in
 * whole kwacha ('10' for K10). An address with another amount names no tip: it is not sent.
 */
export function readTipChoice({ tipName, amount }: TipAddress): ModalOptionsResult<TTipOption> {
  const option = findTipOption(tipName);
  if (!option) return refuseOptions(TIP_MESSAGES.unknownTip);
  if (!/^\d{1,6}$/.test(amount) || Number(amount) * 100 !== option.amount) {
    return refuseOptions(TIP_MESSAGES.wrongAmount(option));
  }
  return acceptOptions(option);
}
