export const demoSeniorities = ['cxo', 'vp', 'director', 'manager', 'senior', 'entry'] as const;
export type DemoSeniority = (typeof demoSeniorities)[number];

export const demoDepartments = [
  'executive',
  'sales',
  'marketing',
  'engineering',
  'product',
  'design',
  'it',
  'finance',
  'hr',
  'legal',
  'operations',
  'customer_success',
] as const;
export type DemoDepartment = (typeof demoDepartments)[number];

type Ladder = Partial<Record<DemoSeniority, string[]>>;

/** Job titles per department and seniority; `normalizeTitle` reads them back the same way. */
export const titles: Record<DemoDepartment, Ladder> = {
  executive: {
    cxo: ['Chief Executive Officer'],
  },
  sales: {
    cxo: ['Chief Revenue Officer'],
    vp: ['VP of Sales', 'Vice President, Sales'],
    director: ['Director of Sales', 'Head of Sales Development'],
    manager: ['Sales Manager', 'Regional Sales Manager'],
    senior: ['Senior Account Executive', 'Senior Sales Representative'],
    entry: ['Account Executive', 'Sales Development Representative', 'Junior Account Executive'],
  },
  marketing: {
    cxo: ['Chief Marketing Officer'],
    vp: ['VP of Marketing'],
    director: ['Director of Marketing', 'Head of Demand Generation'],
    manager: ['Marketing Manager', 'Product Marketing Manager', 'Content Marketing Manager'],
    senior: ['Senior Marketing Specialist', 'Senior Growth Marketer'],
    entry: ['Marketing Coordinator', 'Marketing Associate'],
  },
  engineering: {
    cxo: ['Chief Technology Officer'],
    vp: ['VP of Engineering'],
    director: ['Director of Engineering', 'Head of Platform Engineering'],
    manager: ['Engineering Manager'],
    senior: ['Senior Software Engineer', 'Staff Software Engineer', 'Principal Engineer'],
    entry: ['Software Engineer', 'Junior Software Engineer', 'Associate Software Engineer'],
  },
  product: {
    cxo: ['Chief Product Officer'],
    vp: ['VP of Product'],
    director: ['Director of Product Management', 'Head of Product'],
    manager: ['Product Manager', 'Senior Product Manager', 'Group Product Manager'],
    senior: ['Senior Product Analyst'],
    entry: ['Product Analyst'],
  },
  design: {
    vp: ['VP of Design'],
    director: ['Design Director', 'Head of Design'],
    manager: ['Design Manager'],
    senior: ['Senior UX Designer', 'Lead UX Designer'],
    entry: ['UX Designer', 'Junior UX Designer'],
  },
  it: {
    cxo: ['Chief Information Officer'],
    vp: ['VP of Information Technology'],
    director: ['IT Director', 'Head of IT'],
    manager: ['IT Manager'],
    senior: ['Senior Systems Administrator', 'Senior IT Support Specialist'],
    entry: ['IT Support Specialist', 'Systems Administrator'],
  },
  finance: {
    cxo: ['Chief Financial Officer'],
    vp: ['VP of Finance'],
    director: ['Finance Director', 'Director of FP&A'],
    manager: ['Finance Manager', 'Accounting Manager'],
    senior: ['Senior Accountant', 'Senior Financial Analyst'],
    entry: ['Accountant', 'Financial Analyst', 'Junior Accountant'],
  },
  hr: {
    cxo: ['Chief People Officer'],
    vp: ['VP of People'],
    director: ['HR Director', 'Head of Talent Acquisition'],
    manager: ['HR Manager', 'Recruiting Manager'],
    senior: ['Senior Recruiter', 'Senior HR Business Partner'],
    entry: ['Recruiter', 'HR Coordinator'],
  },
  legal: {
    cxo: ['Chief Legal Officer'],
    vp: ['VP, Legal'],
    director: ['Director of Legal', 'Head of Legal'],
    manager: ['Legal Operations Manager'],
    senior: ['Senior Corporate Counsel', 'Senior Paralegal'],
    entry: ['Legal Counsel', 'Paralegal'],
  },
  operations: {
    cxo: ['Chief Operating Officer'],
    vp: ['VP of Operations'],
    director: ['Director of Operations', 'Head of Business Operations'],
    manager: ['Operations Manager', 'Office Manager'],
    senior: ['Senior Operations Analyst'],
    entry: ['Operations Coordinator', 'Operations Associate'],
  },
  customer_success: {
    vp: ['VP of Customer Success'],
    director: ['Director of Customer Success', 'Head of Customer Success'],
    manager: ['Customer Success Manager', 'Senior Customer Success Manager'],
    senior: ['Senior Customer Success Specialist'],
    entry: ['Customer Success Associate', 'Customer Success Specialist'],
  },
};

/** Relative head count of each department below the C-suite. */
export const departmentWeights: Record<Exclude<DemoDepartment, 'executive'>, number> = {
  sales: 18,
  engineering: 20,
  marketing: 10,
  product: 6,
  design: 4,
  it: 5,
  finance: 6,
  hr: 5,
  legal: 2,
  operations: 10,
  customer_success: 8,
};

/** Rank for deciding whether a move is a promotion. */
export const seniorityRank: Record<DemoSeniority, number> = {
  entry: 0,
  senior: 1,
  manager: 2,
  director: 3,
  vp: 4,
  cxo: 5,
};
