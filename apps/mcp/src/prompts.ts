/** Prompts for the common workflows; each names the tools to call and in what order. */
export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments: { name: string; description: string; required: boolean }[];
  render(args: Record<string, string>): string;
}

export const prompts: PromptDefinition[] = [
  {
    name: 'research_account',
    title: 'Research an account',
    description:
      'Build a briefing on one company: profile, technologies, key people and current intent signals.',
    arguments: [
      { name: 'domain', description: 'The company domain, e.g. northwind.example', required: true },
    ],
    render: ({ domain }) =>
      `Research the company at ${domain} for a sales conversation.\n` +
      `1. Call get_company with {"domain": "${domain}"} for the firmographic and technographic profile.\n` +
      `2. Call enrich with {"domain": "${domain}", "seniority": ["cxo", "vp", "director"]} to find decision makers, if that tool is available.\n` +
      `3. Call intent with {"companies": ["${domain}"]} to see surging topics, hiring spikes and job changes, if available.\n` +
      'Summarize: what the company does, its size and stack, who to talk to and why now. Cite the data you used.',
  },
  {
    name: 'build_target_list',
    title: 'Build a target list',
    description: 'Turn an ideal-customer description into a list of companies and the right people at them.',
    arguments: [
      {
        name: 'description',
        description: 'Who to target, e.g. "fintech companies in Germany with 50-200 employees"',
        required: true,
      },
      { name: 'persona', description: 'Who to reach at each, e.g. "VPs of sales"', required: false },
    ],
    render: ({ description, persona }) =>
      `Build a target list for: ${description}.\n` +
      `1. Call search_companies with {"query": ${JSON.stringify(description)}, "limit": 25}; check its "interpreted" field and correct it with explicit filters if the reading is wrong.\n` +
      (persona
        ? `2. Call search_people with {"query": ${JSON.stringify(persona)}, "filters": {"company": ...the same company filters...}} to find ${persona}.\n`
        : '2. Pick the most relevant decision makers with search_people.\n') +
      'Return a table: company, domain, size, why it fits, and the contacts found.',
  },
  {
    name: 'clean_list',
    title: 'Clean a list before a campaign',
    description: 'Verify a list of email addresses and report which are safe to send to.',
    arguments: [
      { name: 'emails', description: 'Email addresses separated by commas or new lines', required: true },
    ],
    render: ({ emails }) =>
      `Clean this list before a campaign:\n${emails}\n` +
      '1. Call verify_emails with the addresses (up to 100 at a time; a longer list returns a job id: poll it with get_verify_job).\n' +
      '2. Group the results: deliverable (send), risky or accept-all (send with care), undeliverable (remove), unknown (retry later).\n' +
      'Report the counts per group and list the addresses to remove with their reason.',
  },
];
