import {
  ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES,
  htmlStyleAllowed,
  htmlUrlAllowed,
} from '@switchboard/contracts';
import type { Extensions } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { Link } from '@tiptap/extension-link';
import { OrderedList } from '@tiptap/extension-list';
import { TextAlign } from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * The announcement editor's document: only what the shared HTML policy keeps
 * (packages/contracts/src/html-policy.ts), so what the editor produces — typed, pasted or dropped —
 * comes through the server's and the browser's sanitisers unchanged.
 */

/** Pictures the editor takes: https addresses, or PNG, JPEG, GIF or WebP inline as data: URLs. */
const INLINE_PICTURE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;
export function editorImageAllowed(src: string | null | undefined): src is string {
  if (!src) return false;
  return (/^https:\/\//i.test(src) && htmlUrlAllowed('img', src)) || INLINE_PICTURE.test(src);
}

/** Pictures that may be pasted, dropped or uploaded inline. */
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Why a pasted, dropped or uploaded picture cannot go inline, or null when it can. */
export function pictureProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'type';
  if (file.size > ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** Link targets the editor takes: http(s) and mailto addresses. */
export function editorLinkAllowed(href: string | null | undefined): href is string {
  if (!href) return false;
  return /^(https?:\/\/|mailto:)/i.test(href.trim()) && htmlUrlAllowed('a', href);
}

/** A colour the policy keeps (#hex or rgb()), or null (the text keeps the page's colour). */
export function editorColorAllowed(value: string | null | undefined): string | null {
  if (!value) return null;
  return htmlStyleAllowed(`color: ${value}`) ? value : null;
}

/** Links: http(s) and mailto only, always rel=noopener noreferrer in a new tab; no title or class. */
const PolicyLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      target: { default: '_blank', parseHTML: () => '_blank' },
      rel: { default: 'noopener noreferrer', parseHTML: () => 'noopener noreferrer' },
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  protocols: ['http', 'https', 'mailto'],
  isAllowedUri: (url) => editorLinkAllowed(url),
  HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
});

/** Pictures: src, alt, width and height (no title); https or inline pictures only. */
const PolicyImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      width: { default: null },
      height: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (editorImageAllowed(element.getAttribute('src')) ? null : false),
      },
    ];
  },
}).configure({ allowBase64: true });

/** Numbered lists always start at 1 and number 1, 2, 3 (the policy keeps no `start` or `type`). */
const PolicyOrderedList = OrderedList.extend({
  addAttributes() {
    return { start: { default: 1, parseHTML: () => 1, renderHTML: () => ({}) } };
  },
});

/** Text colour: #hex or rgb() only (a pasted named colour or variable is dropped). */
const PolicyColor = Color.extend({
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          color: {
            default: null,
            parseHTML: (element) => editorColorAllowed(element.style.color || null),
            renderHTML: (attributes) => {
              const color = editorColorAllowed(attributes.color as string | null);
              return color ? { style: `color: ${color}` } : {};
            },
          },
        },
      },
    ];
  },
});

/** Everything the announcement editor is made of. */
export function announcementEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2] },
      // A code block carries its language as a class, which the policy drops.
      codeBlock: false,
      link: false,
      orderedList: false,
    }),
    PolicyLink,
    PolicyImage,
    PolicyOrderedList,
    TextStyle,
    PolicyColor,
    // Alignment is a paragraph's style: the policy keeps styles on p and span only.
    TextAlign.configure({ types: ['paragraph'], alignments: ['left', 'center', 'right'] }),
  ];
}
