import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate } from './template.ts';

const plain = (s: string) => s;
const render = (t: string, data: Record<string, unknown>) => renderTemplate(parseTemplate(t), data, plain);

describe('email templates (the Go text/template subset Supabase Auth templates use)', () => {
  it('fills fields and the user metadata', () => {
    expect(
      render('Go to {{ .ConfirmationURL }} ({{ .Data.name }})', { ConfirmationURL: 'http://x', Data: { name: 'Ada' } }),
    ).toBe('Go to http://x (Ada)');
  });

  it('picks the French branch for a French user and English otherwise', () => {
    const t = '{{ if eq .Data.lang "fr" }}Bonjour{{ else }}Hello{{ end }}';
    expect(render(t, { Data: { lang: 'fr' } })).toBe('Bonjour');
    expect(render(t, { Data: { lang: 'en' } })).toBe('Hello');
    expect(render(t, { Data: {} })).toBe('Hello');
  });

  it('supports else if, not, ne and trim markers', () => {
    const t =
      '{{ if eq .A "1" }}one{{ else if ne .A "2" }}other{{ else }}two{{ end }}|{{ if not .B }}no B{{ end }}|  {{- .C -}}  !';
    expect(render(t, { A: '2', C: 'c' })).toBe('two|no B|c!');
    expect(render(t, { A: '3', B: 'x', C: 'c' })).toBe('other||c!');
  });

  it('escapes values (not the template) with the given escaper', () => {
    expect(
      renderTemplate(parseTemplate('<b>{{ .Data.name }}</b>'), { Data: { name: '<i>' } }, (s) =>
        s.replace(/</g, '&lt;'),
      ),
    ).toBe('<b>&lt;i></b>');
  });

  it('refuses what it cannot render instead of mailing it half-rendered', () => {
    expect(() => parseTemplate('{{ range .X }}{{ end }}')).toThrow();
    expect(() => parseTemplate('{{ if .X }}unclosed')).toThrow(/end/);
  });
});
