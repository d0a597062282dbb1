// How a creator's figures read wherever they are shown: cards, suggestions, the profile page.

const countFormat = new Intl.NumberFormat('en');

/** '1 follower', '1,204 followers'. */
export function formatFollowers(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'follower' : 'followers'}`;
}

/** Categories are stored lowercase ('music artist'); people read 'Music artist'. */
export function formatCategory(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
