import type { Page } from 'playwright-core';

/**
 * What sticks out on the page as it is now: elements past the right or left edge of their
 * dialog (or of the viewport, outside a dialog), a page or dialog that scrolls sideways,
 * text cut short with an ellipsis, a label wider than its own box (a button's words
 * spilling over its neighbours), and an icon in a control squashed out of its shape or
 * under 10 px. Empty when everything fits. Elements of a size of 1
 * px or less are the visually hidden labels of screen readers (and what such a box clips,
 * a table for screen readers only), elements inside a
 * container that scrolls sideways on purpose are where they may be, and an element without
 * text inside a container that clips it (a loading bar's sliding indicator) is decoration
 * that cannot show past that container; the container itself is checked.
 */
export function findLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/)[0] : '';
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}"`;
    };
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth}`);
    }
    if (window.scrollX !== 0) problems.push(`the page is scrolled sideways by ${window.scrollX} px`);

    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    for (const dialog of dialogs) {
      if (dialog.scrollWidth > dialog.clientWidth) {
        problems.push(`the dialog scrolls sideways: ${dialog.scrollWidth} px wide in ${dialog.clientWidth}`);
      }
      if (dialog.scrollLeft !== 0)
        problems.push(`the dialog is scrolled sideways by ${dialog.scrollLeft} px`);
    }

    const isInSidewaysScroller = (element: Element, container: Element | null) => {
      for (
        let parent = element.parentElement;
        parent && parent !== container;
        parent = parent.parentElement
      ) {
        if (parent === document.body) return false;
        const { overflowX } = getComputedStyle(parent);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };

    const hasOwnText = (element: Element) =>
      element.clientWidth > 0 &&
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());

    const isClippedDecoration = (element: Element, container: Element | null) => {
      if ((element.textContent ?? '').trim() !== '') return false;
      if (element.matches('a, button, input, select, textarea, img, picture, svg, video, canvas'))
        return false;
      for (
        let parent = element.parentElement;
        parent && parent !== container && parent !== document.body;
        parent = parent.parentElement
      ) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX === 'hidden' || overflowX === 'clip') return true;
      }
      return false;
    };

    // Inside a box of 1 px that clips what it holds (a table kept for screen readers only),
    // nothing can show, however wide it is laid out.
    const isInsideVisuallyHidden = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const parentBox = parent.getBoundingClientRect();
        if (parentBox.width > 1 && parentBox.height > 1) continue;
        const { overflowX, overflowY } = getComputedStyle(parent);
        if ([overflowX, overflowY].every((overflow) => overflow === 'hidden' || overflow === 'clip'))
          return true;
      }
      return false;
    };

    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || isInsideVisuallyHidden(element)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      const dialog = element.closest('[role="dialog"]');
      if (dialog === element) {
        if (box.left < 0 || box.right > root.clientWidth) {
          problems.push(
            `the dialog spans ${Math.round(box.left)}–${Math.round(box.right)} of ${root.clientWidth}`,
          );
        }
        continue;
      }
      if (isInSidewaysScroller(element, dialog) || isClippedDecoration(element, dialog)) continue;
      const edges = dialog ? dialog.getBoundingClientRect() : { left: 0, right: root.clientWidth };
      if (box.left < edges.left - 0.5 || box.right > edges.right + 0.5) {
        problems.push(
          `${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} past its ${
            dialog ? 'dialog' : 'viewport'
          } (${Math.round(edges.left)}–${Math.round(edges.right)})`,
        );
      }
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} is cut short with an ellipsis`);
      } else if (hasOwnText(element) && element.scrollWidth > element.clientWidth + 1) {
        // A label wider than its box spills over its neighbours (or is clipped): 'xtend pas'.
        problems.push(
          `${describe(element)} does not fit its box: ${element.scrollWidth} px in ${element.clientWidth}`,
        );
      }
    }

    // An icon inside a control keeps the shape its viewBox declares: a flex row short of room
    // squashes an icon that may shrink (Edit Profile's was 2 px wide) before the words wrap.
    const controls =
      'a, button, label, summary, [role="button"], [role="tab"], [role="menuitem"], [role="link"]';
    for (const icon of document.body.querySelectorAll('svg[viewBox]')) {
      const control = icon.closest(controls);
      if (!control || icon.parentElement?.closest('svg')) continue;
      const box = icon.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (getComputedStyle(icon).visibility === 'hidden' || isInsideVisuallyHidden(icon)) continue;
      const [, , viewWidth = 0, viewHeight = 0] = (icon.getAttribute('viewBox') ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (!(viewWidth > 0 && viewHeight > 0)) continue;
      const expectedWidth = (box.height * viewWidth) / viewHeight;
      if (Math.abs(box.width - expectedWidth) > 1 || Math.min(box.width, box.height) < 10) {
        problems.push(
          `the icon in ${describe(control)} is squashed: ${box.width.toFixed(1)}×${box.height.toFixed(1)} px for a ${viewWidth}×${viewHeight} viewBox`,
        );
      }
    }
    return problems;
  });
}

/**
 * Focuses each field of the open dialog (or of the page's main area) in turn, as a person
 * tapping into it would, and reports what sticks out after each: a phone's browser scrolls
 * a focused field into view, sideways too when something is too wide.
 */
export async function findLayoutProblemsWhileTyping(page: Page): Promise<string[]> {
  const scope =
    (await page.getByRole('dialog').count()) > 0 ? page.getByRole('dialog') : page.getByRole('main');
  const fields = scope.locator('input:not([type="hidden"]):not([type="file"]), textarea, select');
  const problems: string[] = [];
  for (let index = 0; index < (await fields.count()); index++) {
    const field = fields.nth(index);
    if (!(await field.isVisible()) || !(await field.isEnabled())) continue;
    await field.focus();
    const label =
      (await field.getAttribute('aria-label')) ?? (await field.getAttribute('name')) ?? `field ${index}`;
    problems.push(...(await findLayoutProblems(page)).map((problem) => `with ${label} focused: ${problem}`));
  }
  return problems;
}
