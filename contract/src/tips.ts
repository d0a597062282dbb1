/**
 * Named tips (the spec's Tip: name, emoji, amount): the list a fan picks from under a post.
 * Amounts are integer ngwee, K5 to K200. This file holds no zod, so the web imports the list
 * as it is; the tip itself is bought as a purchase of kind 'tip' (contract/src/purchases.ts),
 * whose amount must be its named tip's.
 */

import { formatKwacha } from './money-format.ts';

export type TTipOption = {
  /** Also the tip's name in /feed/{postId}/send-tip/{tipName}/{amount}. */
  name: string;
  emoji: string;
  /** Integer ngwee. */
  amount: number;
  /** What the tip says, shown under its name in the picker. */
  description: string;
};

export const TIP_OPTIONS: readonly TTipOption[] = [
  { name: 'Clap', emoji: '👏', amount: 500, description: 'A round of applause' },
  { name: 'Munkoyo', emoji: '🥤', amount: 1_000, description: 'A cold munkoyo on me' },
  { name: 'Nshima', emoji: '🍲', amount: 2_000, description: 'A plate of nshima and relish' },
  { name: 'Talktime', emoji: '📱', amount: 5_000, description: 'Airtime to keep posting' },
  { name: 'Encore', emoji: '🎤', amount: 10_000, description: 'Play it again!' },
  { name: 'Copper Crown', emoji: '👑', amount: 15_000, description: 'Royalty of the Copperbelt' },
  { name: 'Mosi-oa-Tunya', emoji: '🌊', amount: 20_000, description: 'The smoke that thunders' },
];

/** The newest tips a post carries in tips[]; tipTotals counts them all. */
export const TIPS_SHOWN = 10;

/** The named tip, matched without regard to case; undefined when the list has none. */
export function findTipOption(name: string): TTipOption | undefined {
  const wanted = name.trim().toLowerCase();
  return TIP_OPTIONS.find((option) => option.name.toLowerCase() === wanted);
}

export const TIP_MESSAGES = {
  unknownTip: `Choose one of the tips: ${TIP_OPTIONS.map((option) => option.name).join(', ')}.`,
  wrongAmount: (option: TTipOption) => `The ${option.name} tip is ${formatKwacha(option.amount)}.`,
  postNotFound: 'This post does not exist.',
  notTheCreatorsPost: 'This post is not by this creator.',
} as const;
