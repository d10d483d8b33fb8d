import { techRules } from '../technographics/rules.js';
import { techCategories } from '../technographics/types.js';
import {
  defaultTags,
  defaultTechnologies,
  defaultTechnologyCategories,
  type QueryVocab,
  type TechnologyCategoryTerm,
  type TechnologyTerm,
} from './query/index.js';

/**
 * The reader's vocabulary: the default list (it carries aliases) plus every technology and
 * category of the technographics catalog. Built once: the reader caches its index per object.
 */
const build = (): QueryVocab => {
  const technologies: TechnologyTerm[] = [...defaultTechnologies];
  const slugs = new Set(technologies.map((t) => t.slug));
  for (const rule of techRules) {
    if (slugs.has(rule.slug)) continue;
    slugs.add(rule.slug);
    technologies.push({ name: rule.name, slug: rule.slug });
  }
  const categories: TechnologyCategoryTerm[] = [...defaultTechnologyCategories];
  const known = new Set(categories.map((c) => c.slug));
  for (const slug of techCategories) {
    if (!known.has(slug)) categories.push({ name: slug.replaceAll('-', ' '), slug });
  }
  return { technologies, categories, tags: defaultTags };
};

export const searchVocab: QueryVocab = build();
