// The rich-text field and renderer with real antd: what is typed comes out as HTML (an emptied area as
// ''), a value set from outside shows through the allow-list, the toolbar's buttons are named from the
// locale and run the browser's editing commands, a link is only made to a safe address, and the
// renderer drops what a notice may not hold. jsdom has no editing commands: they are recorded.
import { act, fireEvent, screen, within } from '@testing-library/react';
import React, { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, renderWidget } from '../../../tests/renderWidget';
import { isBlankHtml, linkAddress, RichTextEditor, RichTextView, sanitizeHtml } from '.';

/** Records the editing commands the toolbar runs (jsdom implements none). */
function recordCommands() {
  const commands: [string, string | undefined][] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: vi.fn((command: string, _ui?: boolean, arg?: string) => {
      commands.push([command, arg]);
      return true;
    }),
  });
  return commands;
}

afterEach(() => {
  delete (document as any).execCommand;
});

const area = () => screen.getByRole('textbox');

/** Types by replacing the area's HTML and firing the input event the browser fires. */
async function type(html: string) {
  await act(async () => {
    area().innerHTML = html;
    fireEvent.input(area());
  });
}

describe('RichTextEditor', () => {
  it('emits the HTML on input, and an emptied area as an empty value', async () => {
    const onChange = vi.fn();
    renderWidget(<RichTextEditor aria-label="正文" placeholder="请输入通知正文" onChange={onChange} />);
    expect(area().getAttribute('aria-label')).toBe('正文');
    expect(area().getAttribute('contenteditable')).toBe('true');
    expect(screen.getByText('请输入通知正文')).toBeTruthy();
    await type('<p>周六<b>停电</b>检修</p>');
    expect(onChange).toHaveBeenLastCalledWith('<p>周六<b>停电</b>检修</p>');
    expect(screen.queryByText('请输入通知正文')).toBeNull();
    await type('<p><br></p>');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a value set from outside through the allow-list, and keeps the area when its own HTML comes back', async () => {
    const seen: string[] = [];
    const Field = () => {
      const [value, setValue] = useState('<p onclick="steal()">各部门：<script>bad()</script><a href="javascript:x()">点此</a></p>');
      return (
        <RichTextEditor
          value={value}
          onChange={(v) => {
            seen.push(v);
            setValue(v);
          }}
        />
      );
    };
    renderWidget(<Field />);
    expect(area().innerHTML).toBe('<p>各部门：<a>点此</a></p>');
    await type('<p>各部门：请按时参会</p>');
    expect(seen).toEqual(['<p>各部门：请按时参会</p>']);
    expect(area().innerHTML).toBe('<p>各部门：请按时参会</p>');
  });

  it('names its toolbar buttons from the locale and runs the editing commands, sending the result', async () => {
    const commands = recordCommands();
    const onChange = vi.fn();
    renderWidget(<RichTextEditor onChange={onChange} />);
    const toolbar = screen.getByRole('toolbar', { name: '格式工具栏' });
    const labels = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(labels).toEqual(['加粗', '斜体', '下划线', '小标题', '编号列表', '项目符号列表', '插入链接', '清除格式']);
    await type('<p>会议通知</p>');
    await click(within(toolbar).getByRole('button', { name: '加粗' }));
    await click(within(toolbar).getByRole('button', { name: '编号列表' }));
    await click(within(toolbar).getByRole('button', { name: '小标题' }));
    await click(within(toolbar).getByRole('button', { name: '清除格式' }));
    // the set-up each command starts with (tags, <p> paragraphs) left aside
    const run = commands.map(([c]) => c).filter((c) => c !== 'styleWithCSS' && c !== 'defaultParagraphSeparator');
    expect(run).toEqual(['bold', 'insertOrderedList', 'formatBlock', 'removeFormat', 'unlink']);
    expect(commands.find(([c]) => c === 'formatBlock')![1]).toBe('<h3>');
    expect(onChange).toHaveBeenLastCalledWith('<p>会议通知</p>');
  });

  it('makes a link only to a safe address', async () => {
    const commands = recordCommands();
    renderWidget(<RichTextEditor />);
    await click(screen.getByRole('button', { name: '插入链接' }));
    const input = await screen.findByTestId('rich-text-link-input');
    await act(async () => {
      fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    });
    await click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入有效的网址（http:// 或 https:// 开头）')).toBeTruthy();
    expect(commands.some(([c]) => c === 'insertHTML' || c === 'createLink')).toBe(false);
    await act(async () => {
      fireEvent.change(input, { target: { value: 'www.hfnh.gov.cn' } });
    });
    await click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(commands).toContainEqual(['insertHTML', '<a href="https://www.hfnh.gov.cn">www.hfnh.gov.cn</a>']);
  });
});

describe('rich text helpers', () => {
  it('reads addresses as a person types them', () => {
    expect(linkAddress('https://a.cn/x?y=1')).toBe('https://a.cn/x?y=1');
    expect(linkAddress('a.cn')).toBe('https://a.cn');
    expect(linkAddress('mailto:office@a.cn')).toBe('mailto:office@a.cn');
    expect(linkAddress(' JavaScript:alert(1)')).toBeUndefined();
    expect(linkAddress('data:text/html,x')).toBeUndefined();
    expect(linkAddress('')).toBeUndefined();
  });

  it('keeps structure, drops scripts, handlers, styles and unsafe addresses', () => {
    expect(sanitizeHtml('<h3 style="color:red">一、时间</h3><ul><li>周六</li></ul><img src="x" onerror="bad()"><iframe src="https://x"></iframe>')).toBe(
      '<h3>一、时间</h3><ul><li>周六</li></ul>',
    );
    expect(sanitizeHtml('<font face="宋体">正文</font><a href="https://a.cn" onclick="x()">链接</a>')).toBe(
      '正文<a href="https://a.cn" target="_blank" rel="noopener noreferrer">链接</a>',
    );
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p> 会议 </p>')).toBe(false);
  });
});

describe('RichTextView', () => {
  it('renders the HTML through the allow-list', () => {
    renderWidget(<RichTextView html={'<p>请<b>准时</b>参加</p><script>bad()</script><a href="javascript:x()">点此</a>'} />);
    const view = screen.getByTestId('rich-text-view');
    expect(view.innerHTML).toBe('<p>请<b>准时</b>参加</p><a>点此</a>');
  });
});
