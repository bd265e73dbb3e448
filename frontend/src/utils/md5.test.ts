import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

const node = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('hashes the seed admin password as the back end expects', () => {
    expect(md5('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
  });

  it('agrees with node crypto on UTF-8 text and block boundaries', () => {
    const samples = ['密码123', '经济调度平台', 'ü€😀', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(1000)];
    samples.forEach((s) => expect(md5(s)).toBe(node(s)));
  });
});
