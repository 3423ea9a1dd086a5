import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../sanitize';
import { announcementEditorExtensions } from './extensions';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function editorWith(content = '') {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: announcementEditorExtensions(),
    content,
  });
  return editor;
}

const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('the announcement editor and the HTML policy', () => {
  it('everything the toolbar makes survives the sanitiser unchanged', () => {
    const e = editorWith();
    e.chain().insertContent('Title').setHeading({ level: 1 }).run();
    e.chain().focus('end').insertContent('<h2>Sub</h2><p>plain</p>').run();
    e.chain().focus('end').insertContent('<p>centred</p>').setTextAlign('center').run();
    e.chain().focus('end').insertContent('<p>bold italic under strike red link</p>').run();
    // Each word of that last paragraph gets its own formatting, as if selected and clicked.
    const marks: [string, () => boolean][] = [
      ['bold', () => e.chain().toggleBold().run()],
      ['italic', () => e.chain().toggleItalic().run()],
      ['under', () => e.chain().toggleUnderline().run()],
      ['strike', () => e.chain().toggleStrike().run()],
      ['red', () => e.chain().setColor('#f5222d').run()],
      ['link', () => e.chain().setLink({ href: 'https://example.com/notes' }).run()],
    ];
    for (const [word, apply] of marks) {
      const last = e.state.doc.lastChild;
      if (!last) throw new Error('empty document');
      const start = e.state.doc.content.size - last.nodeSize + 1 + last.textContent.indexOf(word);
      e.chain()
        .setTextSelection({ from: start, to: start + word.length })
        .run();
      expect(apply()).toBe(true);
    }
    e.chain()
      .focus('end')
      .insertContent('<ul><li><p>one</p></li></ul><ol start="3"><li><p>two</p></li></ol>')
      .run();
    e.chain().focus('end').insertContent('<blockquote><p>quote</p></blockquote><hr>').run();
    e.chain().focus('end').setImage({ src: 'https://example.com/a.png', alt: 'a' }).run();
    e.chain().focus('end').setImage({ src: PICTURE, alt: 'inline' }).run();
    e.chain()
      .focus('end')
      .insertContent('<p><a href="mailto:ops@example.com">mail</a> and <code>code</code></p>')
      .run();

    const html = e.getHTML();
    for (const made of [
      '<h1>Title</h1>',
      '<h2>Sub</h2>',
      '<p style="text-align: center;">centred</p>',
      '<strong>bold</strong>',
      '<em>italic</em>',
      '<u>under</u>',
      '<s>strike</s>',
      // The browser writes the colour its own way.
      '<span style="color: rgb(245, 34, 45);">red</span>',
      '<a target="_blank" rel="noopener noreferrer" href="https://example.com/notes">link</a>',
      '<ol><li><p>two</p></li></ol>',
      '<blockquote><p>quote</p></blockquote>',
      '<img src="https://example.com/a.png" alt="a">',
      `<img src="${PICTURE}" alt="inline">`,
      'href="mailto:ops@example.com"',
      '<code>code</code>',
    ]) {
      expect(html).toContain(made);
    }
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('what is pasted keeps its formatting within the policy, and loses script, handlers and bad links', () => {
    const e = editorWith();
    e.view.pasteHTML(
      [
        '<h3 onclick="alert(1)">Heading three</h3>',
        '<p style="color: red; text-align: justify; position: fixed" onmouseover="alert(2)">Hi <span style="color: rgb(1, 2, 3); font-size: 40px">there</span></p>',
        '<script>alert(3)</script><style>p { color: red }</style>',
        '<p><a href="javascript:alert(4)" title="t">js link</a> <a href="https://example.com" rel="opener" target="_top" class="x">ok</a></p>',
        '<img src="x" onerror="alert(5)"><img src="http://example.com/a.png"><img src="https://example.com/b.png" title="t" class="c">',
        '<pre><code class="language-js">let x = 1;</code></pre>',
        '<table><tr><td>cell</td></tr></table>',
        '<ol start="4" type="a"><li>four</li></ol>',
        '<iframe src="https://example.com"></iframe><p>after</p>',
      ].join(''),
      new Event('paste') as ClipboardEvent,
    );
    const html = e.getHTML();
    expect(html).not.toMatch(
      /script|alert|onclick|onerror|onmouseover|javascript:|title=|class=|position|font-size|start=|type=/i,
    );
    expect(html).toContain('<span style="color: rgb(1, 2, 3);">there</span>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com">ok</a>');
    expect(html).toContain('<img src="https://example.com/b.png">');
    expect(html).not.toContain('http://example.com/a.png');
    expect(html).toContain('Heading three');
    expect(html).toContain('let x = 1;');
    expect(html).toContain('cell');
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('stored content opens as it was, and saves within the policy', () => {
    const stored =
      '<h1>Maintenance</h1><p style="text-align: right">Routes to <strong>Kenya</strong> move at <span style="color: #1677ff">22:00</span>.</p><ul><li><p><a target="_blank" rel="noopener noreferrer" href="https://status.example.com">Status</a></p></li></ul>';
    const html = editorWith(stored).getHTML();
    expect(html).toBe(
      '<h1>Maintenance</h1><p style="text-align: right;">Routes to <strong>Kenya</strong> move at <span style="color: rgb(22, 119, 255);">22:00</span>.</p><ul><li><p><a target="_blank" rel="noopener noreferrer" href="https://status.example.com">Status</a></p></li></ul>',
    );
    expect(sanitizeHtml(html)).toBe(html);
  });
});
