/** A home tag as seeded (and as the content module saves it). */
export interface ContentTagSeed {
  code: string;
  name: string;
  name_en: string;
  sort_order: number;
  default_selected: boolean;
}

/**
 * The home tags (the topics of the info flow, migration 0011), seeded with the contents.
 * A user's own choice overrides `default_selected`; a shop's accounts are not everyone's
 * business, so that one starts unselected.
 */
export const CONTENT_TAGS: ContentTagSeed[] = [
  { code: 'family', name: '家庭', name_en: 'Family', sort_order: 1, default_selected: true },
  { code: 'budget', name: '预算', name_en: 'Budget', sort_order: 2, default_selected: true },
  { code: 'saving', name: '省钱', name_en: 'Saving', sort_order: 3, default_selected: true },
  { code: 'wedding', name: '婚礼', name_en: 'Wedding', sort_order: 4, default_selected: true },
  { code: 'renovation', name: '装修', name_en: 'Renovation', sort_order: 5, default_selected: true },
  { code: 'business', name: '生意', name_en: 'Business', sort_order: 6, default_selected: false },
];
