/**
 * Resource embedding beyond the starter cases: self references by FK column, one-to-one in
 * both directions, disambiguation with hints (PGRST201 without), spreads, null-embed filters,
 * related order, embedded logic trees and paging, and views as plain relations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestStack, type RestStack } from './helpers.ts';

let stack: RestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function get(path: string): Promise<{ status: number; json: unknown }> {
  const r = await stack.rest(path);
  return { status: r.status, json: r.json };
}

describe('embedding', () => {
  it('self reference: FK column name embeds the parent, table name the children', async () => {
    expect(await get('/people?select=name,manager:manager_id(name)&order=id')).toEqual({
      status: 200,
      json: [
        { name: 'Boss', manager: null },
        { name: 'Dev', manager: { name: 'Boss' } },
        { name: 'Ops', manager: { name: 'Boss' } },
      ],
    });
    const children = await get('/people?select=name,reports:people!manager_id(name)&id=eq.1&reports.order=id');
    expect(children).toEqual({ status: 200, json: [{ name: 'Boss', reports: [{ name: 'Dev' }, { name: 'Ops' }] }] });
  });
  it('one-to-one embeds are objects on both sides', async () => {
    expect(await get('/passports?select=number,people(name)')).toEqual({
      status: 200,
      json: [{ number: 'P-2', people: { name: 'Dev' } }],
    });
    expect(await get('/people?select=name,passports(number)&order=id&limit=2')).toEqual({
      status: 200,
      json: [
        { name: 'Boss', passports: null },
        { name: 'Dev', passports: { number: 'P-2' } },
      ],
    });
  });
  it('two FKs to one table need a hint (300 PGRST201 otherwise)', async () => {
    const ambiguous = await get('/letters?select=subject,people(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.json).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'letters' and 'people'",
    });
    expect((ambiguous.json as { details: unknown[] }).details).toHaveLength(2);
    expect(
      await get(
        '/letters?select=subject,from:people!sender_id(name),to:people!letters_recipient_id_fkey(name)&order=id',
      ),
    ).toEqual({
      status: 200,
      json: [
        { subject: 'hello ops', from: { name: 'Dev' }, to: { name: 'Ops' } },
        { subject: 'hi dev', from: { name: 'Ops' }, to: { name: 'Dev' } },
      ],
    });
  });
  it('spreads to-one embeds into the parent', async () => {
    expect(await get('/posts?select=id,...authors(author_name:name)&id=eq.1')).toEqual({
      status: 200,
      json: [{ id: 1, author_name: 'Ann' }],
    });
  });
  it('filters on the embed itself (is null / not is null) and orders by a to-one embed', async () => {
    expect(await get('/posts?select=id,authors(name)&authors=not.is.null&order=authors(name).desc,id')).toEqual({
      status: 200,
      json: [
        { id: 3, authors: { name: 'Bob' } },
        { id: 1, authors: { name: 'Ann' } },
        { id: 2, authors: { name: 'Ann' } },
      ],
    });
    expect(await get('/posts?select=id,authors(name)&authors=is.null')).toEqual({
      status: 200,
      json: [{ id: 4, authors: null }],
    });
    expect(await get('/posts?select=id,comments()&comments=not.is.null&order=id')).toEqual({
      status: 200,
      json: [{ id: 1 }, { id: 3 }],
    });
  });
  it('applies logic trees, order and paging inside embeds', async () => {
    expect(await get('/posts?select=id,comments(id)&id=eq.1&comments.or=(body.eq.meh,body.eq.nope)')).toEqual({
      status: 200,
      json: [{ id: 1, comments: [{ id: 2 }] }],
    });
    expect(
      await get('/posts?select=id,comments(id)&id=eq.1&comments.order=id.desc&comments.limit=1&comments.offset=1'),
    ).toEqual({ status: 200, json: [{ id: 1, comments: [{ id: 1 }] }] });
  });
  it('nests embeds and walks many-to-many through the junction', async () => {
    expect(await get('/authors?select=name,posts(title,labels(name),comments(count))&id=eq.1&posts.order=id')).toEqual({
      status: 200,
      json: [
        {
          name: 'Ann',
          posts: [
            { title: 'Hello World', labels: [{ name: 'intro' }], comments: [{ count: 2 }] },
            { title: 'Second', labels: [], comments: [{ count: 0 }] },
          ],
        },
      ],
    });
    expect(await get('/labels?select=name,posts!post_labels(id)&order=id')).toEqual({
      status: 200,
      json: [
        { name: 'intro', posts: [{ id: 1 }] },
        { name: 'pets', posts: [{ id: 3 }] },
      ],
    });
  });
  it('reads views like tables', async () => {
    expect(await get('/published_posts?select=id,title&order=id')).toEqual({
      status: 200,
      json: [
        { id: 1, title: 'Hello World' },
        { id: 3, title: 'Cats and dogs' },
      ],
    });
  });
});
