import { describe, expect, it } from 'vitest';
import { maskUrl } from './pg-location';

describe('maskUrl', () => {
  it.each([
    ['postgres://u:hunter2@h:5432/db', 'postgres://u:***@h:5432/db'],
    ['postgres://u@h/db?password=hunter2', 'postgres://u@h/db?password=***'],
    [
      'postgresql://h/db?sslmode=require&PASSWORD=hunter2&application_name=x',
      'postgresql://h/db?sslmode=require&PASSWORD=***&application_name=x',
    ],
    ['postgres://u:hunter2@h/db?sslpassword=hunter2', 'postgres://u:***@h/db?sslpassword=***'],
    // not a URL Node can parse (a port that is not a number): masked by pattern
    ['postgres://u:hunter2@h:x/db?password=hunter2', 'postgres://u:***@h:x/db?password=***'],
  ])('masks every secret of %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
    expect(maskUrl(url)).not.toContain('hunter2');
  });

  it('leaves a URL without secrets as it is', () => {
    expect(maskUrl('postgres://u@h:5432/db?sslmode=require')).toBe('postgres://u@h:5432/db?sslmode=require');
  });
});
