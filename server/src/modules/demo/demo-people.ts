import type { TCreatorCategory } from '@stagepass/contract/auth';
import type { TGender } from '@stagepass/contract/profiles';

/** The demo platform's people: a dozen creators of different categories and a few fans. */

export type DemoCreator = {
  name: string;
  /** Without the @. */
  username: string;
  category: TCreatorCategory;
  gender: TGender;
  /** At most 100 characters (the database checks it too). */
  bio: string;
  about: string;
  /** For the book-creator modal; not every creator gives one. */
  phone: string | null;
  /** Monthly, in ngwee (K50 = 5000); null for creators who have set no price. */
  monthlyPrice: number | null;
  /** The avatar's background. */
  colour: string;
};

export type DemoFan = { name: string; username: string; gender: TGender };

export const DEMO_CREATORS: DemoCreator[] = [
  {
    name: 'Mwila Banda',
    username: 'mwilabanda',
    category: 'music artist',
    gender: 'female',
    bio: 'Afro-pop from Lusaka. A new single every month and live sessions on Fridays.',
    about: 'Singer and songwriter from Lusaka. Subscribers hear every song first and get the acoustic takes.',
    phone: '+260971234567',
    monthlyPrice: 5000,
    colour: '#c2410c',
  },
  {
    name: 'Chanda Mulenga',
    username: 'chandatalks',
    category: 'podcaster',
    gender: 'male',
    bio: 'A weekly podcast on money, family and life in Kitwe.',
    about: 'Chanda Talks: honest conversations with guests from all over the Copperbelt.',
    phone: '+260962345678',
    monthlyPrice: 3000,
    colour: '#1d4ed8',
  },
  {
    name: 'Natasha Zulu',
    username: 'zuluonair',
    category: 'podcaster',
    gender: 'female',
    bio: 'Sports talk: Chipolopolo, the Super League and the odd rant.',
    about: 'Former radio presenter. Match previews on Thursdays, reactions on Mondays.',
    phone: null,
    monthlyPrice: 2500,
    colour: '#047857',
  },
  {
    name: 'Bwalya Mwansa',
    username: 'bwalyalaughs',
    category: 'comedian',
    gender: 'male',
    bio: 'Stand-up from Ndola. Clips from every show, full sets for subscribers.',
    about: 'Touring Zambian comedy clubs since 2016. Book me for weddings and company parties.',
    phone: '+260953456789',
    monthlyPrice: 4000,
    colour: '#7c3aed',
  },
  {
    name: 'Mutale Chisenga',
    username: 'mutalefilms',
    category: 'filmmaker',
    gender: 'female',
    bio: 'Short films shot on the Copperbelt. Behind the scenes every week.',
    about: 'Director and editor. Working on my first feature, one scene at a time.',
    phone: '+260974567890',
    monthlyPrice: 6000,
    colour: '#b91c1c',
  },
  {
    name: 'Kondwani Phiri',
    username: 'kondwanibuilds',
    category: 'startups',
    gender: 'male',
    bio: 'Building a farm-to-market app in Chipata. Notes on every step.',
    about: 'Founder of a small agritech startup. Monthly numbers, mistakes and lessons, all in the open.',
    phone: null,
    monthlyPrice: 5000,
    colour: '#0f766e',
  },
  {
    name: 'Thandiwe Tembo',
    username: 'thandiwewrites',
    category: 'writer',
    gender: 'female',
    bio: 'Short stories and poems in English and Nyanja.',
    about: 'A new story every Sunday. Subscribers read the drafts and vote on endings.',
    phone: null,
    monthlyPrice: 1500,
    colour: '#a16207',
  },
  {
    name: 'Lubuto Sakala',
    username: 'lubutolens',
    category: 'photographer',
    gender: 'male',
    bio: 'Victoria Falls, Lusaka markets and faces. Prints for supporters.',
    about: 'Documentary photographer based in Livingstone.',
    phone: '+260965678901',
    monthlyPrice: null,
    colour: '#334155',
  },
  {
    name: 'Chileshe Kapembwa',
    username: 'teacherchileshe',
    category: 'educator',
    gender: 'female',
    bio: 'Grade 12 maths made simple: a lesson a day.',
    about: 'Secondary school teacher. Past papers worked through step by step.',
    phone: null,
    monthlyPrice: 2000,
    colour: '#be185d',
  },
  {
    name: 'Mapalo Lungu',
    username: 'mapalomoves',
    category: 'dancer',
    gender: 'female',
    bio: 'Kalindula and Afro-dance routines to learn at home.',
    about: 'Choreographer. Beginner routines are free; full classes for subscribers.',
    phone: '+260976789012',
    monthlyPrice: 3500,
    colour: '#9333ea',
  },
  {
    name: 'Nkandu Mumba',
    username: 'nkanduart',
    category: 'visual artist',
    gender: 'male',
    bio: 'Paintings of Zambian village life, with a time-lapse of each piece.',
    about: 'Painter from Kasama. Originals and prints on request.',
    phone: null,
    monthlyPrice: null,
    colour: '#15803d',
  },
  {
    name: 'Temwani Nyirenda',
    username: 'temwanibeats',
    category: 'music artist',
    gender: 'non-binary',
    bio: 'Producer and DJ. Beats, stems and mixes every week.',
    about: 'Amapiano and Zambian house. Subscribers can download the stems.',
    phone: '+260957890123',
    monthlyPrice: 5000,
    colour: '#0369a1',
  },
];

export const DEMO_FANS: DemoFan[] = [
  { name: 'Mubanga Chanda', username: 'mubanga', gender: 'male' },
  { name: 'Namwinga Mwale', username: 'namwinga', gender: 'female' },
  { name: 'Joseph Daka', username: 'josephdaka', gender: 'male' },
  { name: 'Precious Lungu', username: 'preciouslungu', gender: 'female' },
];

/** Every demo account signs in with these (printed at start-up; never in production). */
export const DEMO_PASSWORD = 'zambezi sunrise demo';
export const DEMO_SECURITY_QUESTION = 'What was the name of your first school?';
export const DEMO_SECURITY_ANSWER = 'Kabulonga';

export function demoEmail(username: string): string {
  return `${username}@example.com`;
}
