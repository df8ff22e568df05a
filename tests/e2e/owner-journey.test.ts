import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { brandingEn } from '../../renderer/src/features/branding/locales/en.ts';
import { interactionsEn } from '../../renderer/src/features/interactions/locales/en.ts';
import { knowledgeEn } from '../../renderer/src/features/knowledge/locales/en.ts';
import { messageText, wireMessages } from '../fakes/openai/protocol.ts';
import type { ChatRequestBody, FakeChatReply } from '../fakes/openai/server.ts';
import { makePdf } from '../integration/engine/fixtures/make-knowledge-fixtures.ts';
import { AgentListPage, AgentPromptsPage, AgentWizardPage } from './pages/AgentsPages.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { BrandingEditorPage } from './pages/BrandingPages.ts';
import { KnowledgeTabPage } from './pages/ConfigureTabsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DeployPage } from './pages/DeployPage.ts';
import { InteractionsEditorPage } from './pages/InteractionsPage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { startAiProduct, systemText, type AiProduct } from './support/temp-product.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser.ts';

/**
 * The owner's journey: a brand-new owner, signed in through the login form, goes from an
 * empty account to a deployed agent and deletes it, on the product as `npm start` runs it with the
 * fake OpenAI as its model. The steps share one agent and run in order; each checks what the owner
 * sees and, where it matters, what the database holds. Screenshots: test-results/journey/*.png.
 */
const SHOTS = path.resolve('test-results/journey');
const OWNER = { email: `journey-${Date.now().toString(36)}@owner.example`, password: 'Journey-owner-42' };
const AGENT_NAME = 'Verdier assistant';
const BRIEF =
  'Maison Verdier, a wine bar and bistro. 12 quai des Chartrons, 33000 Bordeaux. ' +
  'Phone +33 5 56 00 00 00, email bonjour@verdier.example, website https://verdier.example. ' +
  'Guests book tables, ask about the tasting menu and order bottles to take away. A warm female voice.';
const EXTRACTED = {
  companyName: 'Maison Verdier',
  address: '12 quai des Chartrons, 33000 Bordeaux',
  phone: '+33 5 56 00 00 00',
  email: 'bonjour@verdier.example',
  website: 'https://verdier.example',
  suggestedSubdomain: 'maison-verdier',
  suggestedVoice: 'female',
};
const GENERATED_PROMPT =
  'You are Verdier assistant, the host of Maison Verdier in Bordeaux. Book tables, present the tasting menu ' +
  'and answer from the knowledge base. Stay factual and hand over to a human when unsure.';
/** The fact only the PDF holds: the sandbox answer must come from it. */
const PDF_FACT = 'The chef tasting menu costs 68 euros per person.';
const PDF_NAME = 'verdier-guide.pdf';
const CSV_NAME = 'wine-list.csv';

function lastUserText(request: ChatRequestBody): string {
  const users = wireMessages(request).filter((message) => message.role === 'user');
  const last = users[users.length - 1];
  return last ? messageText(last) : '';
}

/**
 * The fake model: extraction answers with the details written in the brief it was sent (so the
 * prefilled fields prove the brief went through the model), prompt generation with a fixed prompt,
 * and a conversation turn quotes the PDF's fact only when the retrieved passages were put in front
 * of it. Anything else gets the helper's default reply.
 */
function responder(request: ChatRequestBody): FakeChatReply | null {
  const system = systemText(request);
  if (system.startsWith('Extract the business details')) {
    const brief = lastUserText(request);
    const found = Object.fromEntries(
      Object.entries(EXTRACTED).map(([key, value]) => [
        key,
        brief.includes(value) || key.startsWith('suggested') ? value : '',
      ]),
    );
    return { text: JSON.stringify(found) };
  }
  if (system.startsWith('Write the system prompt')) return { text: GENERATED_PROMPT };
  if (JSON.stringify(wireMessages(request)).includes('68 euros')) {
    return { text: `${PDF_FACT} Would you like me to book a table?` };
  }
  return null;
}

describe('owner journey', () => {
  let ai: AiProduct;
  let browser: Browser;
  let page: Page;
  let shell: ConsolePage;
  let owner: SupabaseClient;
  let consoleUrl: string;
  let agentId = '';
  let subdomain = '';

  const shot = (name: string) => shell.screenshot(path.join(SHOTS, `${name}.png`));
  /** The same screen at 375 px: the list and the wizard must work on a phone too. */
  const phoneShot = async (name: string) => {
    await shell.setViewport(PHONE.width, PHONE.height);
    await shot(name);
    await shell.setViewport(DESKTOP.width, DESKTOP.height);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ai = await startAiProduct(responder);
    consoleUrl = ai.product.consoleUrl;
    const { url, anonKey, serviceRoleKey } = ai.product.stack;
    const options = {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    };
    const service = createClient(url, serviceRoleKey, options);
    const created = await service.auth.admin.createUser({ ...OWNER, email_confirm: true });
    if (created.error) throw created.error;
    // The database client reads as the owner (RLS), as the console does.
    owner = createClient(url, anonKey, options);
    const signedIn = await owner.auth.signInWithPassword(OWNER);
    if (signedIn.error) throw signedIn.error;
    // English is a new profile's default; pinned so the English locale files are the selectors.
    const { data: profile } = await owner.from('profiles').select('lang').eq('id', created.data.user.id).single();
    if ((profile as { lang: string } | null)?.lang !== 'en') {
      await owner.from('profiles').update({ lang: 'en' }).eq('id', created.data.user.id);
    }
    browser = await launchBrowser();
    ({ page } = await newPage(browser, DESKTOP));
    shell = new ConsolePage(page, consoleUrl);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await ai?.stop();
  });

  it('signs in as a new owner and creates an agent through the five wizard steps', async () => {
    await shell.signIn(OWNER.email, OWNER.password);
    const list = new AgentListPage(page, consoleUrl, agentsEn);
    await list.open();
    // A new account: the empty state, no card.
    await page.getByRole('heading', { name: agentsEn.list.emptyTitle }).waitFor();
    expect(await list.cards().count()).toBe(0);
    await shot('01-empty-list');
    await list.createButton().click();
    await shell.waitForPath('/agents/new');
    const wizard = new AgentWizardPage(page, agentsEn);
    const w = agentsEn.wizard;

    await wizard.choice('Food & Restaurant').click();
    await wizard.choice('Takeaway and delivery').click();
    await shot('02-wizard-sector');
    await wizard.nextButton().click();

    await wizard.brief().fill(BRIEF);
    await shot('03-wizard-brief');
    // Hold each owner-assist answer briefly so the blocking overlays can be seen.
    await page.route('**/functions/v1/owner-assist', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await wizard.nextButton().click();
    await wizard.overlay(w.overlays.basicInfo).waitFor();
    await shot('04-wizard-overlay-basic-info');
    await wizard.field('name').waitFor();
    expect(await wizard.overlay(w.overlays.basicInfo).count()).toBe(0);
    // Prefilled from the model's extraction of the brief (no offline notice: a model answered).
    expect(await wizard.field('companyName').inputValue()).toBe(EXTRACTED.companyName);
    expect(await wizard.field('address').inputValue()).toBe(EXTRACTED.address);
    expect(await wizard.field('phone').inputValue()).toBe(EXTRACTED.phone);
    expect(await wizard.field('email').inputValue()).toBe(EXTRACTED.email);
    expect(await wizard.field('website').inputValue()).toBe(EXTRACTED.website);
    expect(await wizard.field('subdomain').inputValue()).toBe(EXTRACTED.suggestedSubdomain);
    expect(await wizard.voice(w.basicInfo.voiceFemale).isChecked()).toBe(true);
    expect(await page.getByText(w.basicInfo.offline).count()).toBe(0);
    const extraction = ai.fake
      .requestsTo('chat')
      .filter((r) => JSON.stringify(r.body).includes('Extract the business'));
    expect(extraction).toHaveLength(1);

    await wizard.field('name').fill(AGENT_NAME);
    await page.getByText(w.basicInfo.available).waitFor();
    subdomain = await wizard.field('subdomain').inputValue();
    await shot('05-wizard-basic-info');
    await phoneShot('05-wizard-basic-info-375');
    await wizard.nextButton().click();

    await wizard.tool('calendar').waitFor();
    await shot('06-wizard-tools');
    await wizard.nextButton().click();

    await wizard.overlay(w.overlays.finalConfiguration).waitFor();
    await shot('07-wizard-overlay-final');
    await wizard.prompt().waitFor();
    expect(await wizard.prompt().inputValue()).toBe(GENERATED_PROMPT);
    expect(await page.getByText(w.review.offline).count()).toBe(0);
    await shot('08-wizard-review');
    await page.unroute('**/functions/v1/owner-assist');
    await wizard.createButton().click();
    await shell.waitForPath('/agents');
    await list.card(AGENT_NAME).waitFor();
    expect(await list.card(AGENT_NAME).getByText(EXTRACTED.companyName).count()).toBe(1);
    await shot('09-list-with-agent');
    await phoneShot('09-list-with-agent-375');

    const { data, error } = await owner
      .from('agents')
      .select('id, subdomain, company_name, voice, sector, description')
      .eq('name', AGENT_NAME)
      .single<{
        id: string;
        subdomain: string;
        company_name: string;
        voice: string;
        sector: string;
        description: string;
      }>();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      subdomain,
      company_name: EXTRACTED.companyName,
      voice: 'female',
      sector: 'food_restaurant',
      description: GENERATED_PROMPT,
    });
    agentId = data!.id;
  });

  it('uploads a PDF and a CSV on the knowledge tab and watches both become ready', async () => {
    expect(agentId).not.toBe('');
    const tab = new KnowledgeTabPage(page, consoleUrl, knowledgeEn);
    await tab.open(agentId);
    await tab.emptyState().waitFor();
    const pdf = makePdf([['Maison Verdier - Practical guide', PDF_FACT, 'Corkage is 15 euros per bottle.']]);
    const csv = await readFile(new URL('../integration/engine/fixtures/sample.csv', import.meta.url));
    await tab.upload([
      { name: PDF_NAME, mimeType: 'application/pdf', buffer: pdf },
      { name: CSV_NAME, mimeType: 'text/csv', buffer: csv },
    ]);
    await expect.poll(() => tab.documentNames()).toEqual(expect.arrayContaining([PDF_NAME, CSV_NAME]));
    await shot('10-knowledge-uploading');
    await expect.poll(() => tab.status(PDF_NAME), { timeout: 30_000 }).toBe('uploaded');
    await expect.poll(() => tab.status(CSV_NAME), { timeout: 30_000 }).toBe('uploaded');
    await expect.poll(() => tab.document(PDF_NAME).textContent()).toContain(knowledgeEn.status.ready);
    await expect.poll(() => tab.document(CSV_NAME).textContent()).toContain(knowledgeEn.status.ready);
    await shot('11-knowledge-ready');
    const { data: documents } = await owner
      .from('knowledge_documents')
      .select('name, status, chunk_count')
      .eq('agent_id', agentId)
      .order('name');
    expect(documents?.map((d) => [d.name, d.status])).toEqual([
      [PDF_NAME, 'uploaded'],
      [CSV_NAME, 'uploaded'],
    ]);
    expect(documents?.every((d) => (d.chunk_count as number) > 0)).toBe(true);
  });

  it('asks the Test Agent sandbox a question the PDF answers and sees the PDF cited', async () => {
    expect(agentId).not.toBe('');
    const sandbox = new SandboxPage(page, consoleUrl);
    await sandbox.open(agentId);
    await sandbox.knowledge().getByText(PDF_NAME).waitFor();
    await sandbox.ask('How much is the tasting menu?');
    const reply = sandbox.lastReply();
    await reply.getByTestId('chat-citation').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => sandbox.replyText(reply)).toContain(PDF_FACT);
    expect(await sandbox.citationNames(reply)).toContain(PDF_NAME);
    await shot('12-sandbox-answer');
  });

  it('adds a share_url interaction and finds it autosaved after a reload', async () => {
    expect(agentId).not.toBe('');
    const texts = interactionsEn;
    const editor = new InteractionsEditorPage(page, consoleUrl, texts);
    await editor.open(agentId);
    await editor.waitReady();
    await editor.addButton().click();
    await editor.picker().waitFor();
    await editor.pickType('share_url').click();
    await editor.configDialog().waitFor();
    await editor.field(texts.config.name).fill('Wine list');
    await editor.field(texts.config.url).fill('https://verdier.example/wines');
    await editor.field(texts.config.urlTitle).fill('Our wines by the glass');
    await editor.configDialog().getByPlaceholder(texts.config.instructionPlaceholder).fill('When asked about wine');
    await shot('13-interaction-config');
    await page.keyboard.press('Escape');
    await editor.configDialog().waitFor({ state: 'detached' });
    await editor.waitSaved();
    await page.reload();
    await editor.card('share_url').getByText('Wine list').waitFor();
    expect(await editor.toggle('share_url').textContent()).toContain(texts.list.enabled);
    await shot('14-interaction-saved');
    const { data } = await owner.from('interactions').select('type, name, enabled, config').eq('agent_id', agentId);
    expect(data).toEqual([
      expect.objectContaining({
        type: 'share_url',
        name: 'Wine list',
        enabled: true,
        config: expect.objectContaining({ url: 'https://verdier.example/wines', url_title: 'Our wines by the glass' }),
      }),
    ]);
  });

  it('edits the prompt, backs it up, changes it again and restores the backup', async () => {
    expect(agentId).not.toBe('');
    const prompts = new AgentPromptsPage(page, consoleUrl, agentsEn);
    const description = async () =>
      ((await owner.from('agents').select('description').eq('id', agentId).single()).data as { description: string })
        .description;
    await prompts.open(agentId);
    expect(await prompts.editor().inputValue()).toBe(GENERATED_PROMPT);
    const backedUp = `${GENERATED_PROMPT}\nAlways offer the wine pairing.`;
    await prompts.editor().fill(backedUp);
    await prompts.saveButton().click();
    await expect.poll(description).toBe(backedUp);
    await prompts.createBackup('With pairing', 'Before trying a shorter prompt');
    await prompts.backupsButton(1).waitFor();
    const changed = 'You are Verdier assistant. Be brief.';
    await prompts.editor().fill(changed);
    await prompts.editor().press('Control+s');
    await expect.poll(description).toBe(changed);
    await shot('15-prompt-changed');
    await prompts.backupsButton(1).click();
    await prompts.restoreBackup('With pairing');
    await expect.poll(() => prompts.editor().inputValue()).toBe(backedUp);
    await expect.poll(description).toBe(backedUp);
    await shot('16-prompt-restored');
  });

  it('changes the headline and primary colour and sees them on the public page', async () => {
    expect(agentId).not.toBe('');
    const editor = new BrandingEditorPage(page, consoleUrl, brandingEn);
    await editor.open(agentId);
    await editor.textbox(brandingEn.look.primaryColor).fill('#0f766e');
    await editor.openTab('content');
    await editor.field(brandingEn.content.headline).fill('Natural wines on the quays');
    await expect.poll(() => editor.previewHeadline.textContent()).toBe('Natural wines on the quays');
    await editor.unsaved.waitFor();
    await editor.saveButton.click();
    await editor.unsaved.waitFor({ state: 'detached' });
    await shot('17-branding-saved');
    const { data } = await owner.from('agents').select('branding').eq('id', agentId).single();
    expect((data as { branding: Record<string, unknown> }).branding).toMatchObject({
      primary_color: '#0f766e',
      hero_title: 'Natural wines on the quays',
    });

    const site = new AgentSitePage(page, ai.product.publicSiteUrl);
    await site.openAgent(subdomain);
    expect(await site.heroTitle.textContent()).toBe('Natural wines on the quays');
    expect(await site.brandColour()).toBe('#0f766e');
    await shot('18-public-page');
  });

  it('enables the web widget for a domain and sees its ww_ key', async () => {
    expect(agentId).not.toBe('');
    const deploy = new DeployPage(page, consoleUrl);
    await deploy.goto(agentId);
    await deploy.openWidgetDialog();
    await deploy.domainInput().fill('verdier.example');
    await deploy.submit().click();
    await deploy.toast('Web widget enabled on verdier.example').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const key = (await deploy.widget().getByTestId('widget-key').textContent()) ?? '';
    expect(key).toMatch(/^ww_[0-9a-f]{48}$/);
    await shot('19-widget-enabled');
    const { data } = await owner
      .from('agent_integrations')
      .select('enabled, config')
      .match({ agent_id: agentId, kind: 'web_widget' })
      .single();
    expect(data).toMatchObject({ enabled: true, config: { api_key: key, domain: 'verdier.example' } });
  });

  it('deletes the agent from the list by typing its name', async () => {
    expect(agentId).not.toBe('');
    const list = new AgentListPage(page, consoleUrl, agentsEn);
    await list.open();
    await list.openDelete(AGENT_NAME);
    await list.typeDeleteConfirmation(AGENT_NAME, AGENT_NAME.toUpperCase());
    expect(await list.confirmDeleteButton().isDisabled()).toBe(true);
    await list.typeDeleteConfirmation(AGENT_NAME, AGENT_NAME);
    await shot('20-delete-dialog');
    await list.confirmDeleteButton().click();
    await shell.toast(agentsEn.delete.deleted).waitFor();
    await expect.poll(() => list.card(AGENT_NAME).count()).toBe(0);
    await shot('21-list-after-delete');
    const { data } = await owner.from('agents').select('id').eq('id', agentId);
    expect(data).toEqual([]);
  });
});
