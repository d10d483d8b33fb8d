-- The schema as it stood when the migration history was squashed into this baseline: tables,
-- sequences, constraints and indexes only. Functions and triggers live in packages/db/sql/, one file
-- per concern, applied by migrate() in packages/db/src/client.ts (expressions.sql before the
-- migrations, because stored columns and indexes below call its functions; the rest after).
CREATE TABLE public.api_keys (
    id text NOT NULL,
    org_id text NOT NULL,
    project_id text NOT NULL,
    kind text NOT NULL,
    name text NOT NULL,
    hash text NOT NULL,
    prefix text NOT NULL,
    last4 text NOT NULL,
    scopes text[] NOT NULL,
    origins text[] DEFAULT '{}'::text[] NOT NULL,
    rate_limit integer,
    encrypted text,
    expires_at timestamp with time zone,
    revoked_at timestamp with time zone,
    rolled_to text,
    created_by text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    org_id text NOT NULL,
    actor_user_id text,
    actor_key_id text,
    action text NOT NULL,
    target_type text,
    target_id text,
    ip text,
    user_agent text,
    data jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.audit_log_id_seq OWNED BY public.audit_log.id;
--> statement-breakpoint
CREATE TABLE public.companies (
    id text NOT NULL,
    domain text NOT NULL,
    name text NOT NULL,
    legal_name text,
    description text,
    industry text,
    employee_count integer,
    employee_range text,
    revenue_range text,
    founded_year integer,
    type text,
    country text,
    region text,
    city text,
    locations jsonb,
    phone text,
    socials jsonb,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    tech_slugs text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    tech_categories text[] DEFAULT '{}'::text[] NOT NULL,
    industry_key text GENERATED ALWAYS AS (btrim(regexp_replace(lower(replace(COALESCE(industry, ''::text), '&'::text, ' and '::text)), '[^a-z0-9]+'::text, ' '::text, 'g'::text))) STORED,
    revenue_min double precision GENERATED ALWAYS AS (public.dossier_money(split_part(revenue_range, '-'::text, 1))) STORED,
    revenue_max double precision GENERATED ALWAYS AS (
CASE
    WHEN (revenue_range ~~ '%+%'::text) THEN NULL::double precision
    WHEN (revenue_range ~~ '%-%'::text) THEN public.dossier_money(split_part(revenue_range, '-'::text, 2))
    ELSE public.dossier_money(revenue_range)
END) STORED,
    search_tsv tsvector GENERATED ALWAYS AS (((setweight(to_tsvector('english'::regconfig, COALESCE(name, ''::text)), 'A'::"char") || setweight(to_tsvector('english'::regconfig, public.dossier_join(tags)), 'B'::"char")) || setweight(to_tsvector('english'::regconfig, COALESCE(description, ''::text)), 'C'::"char"))) STORED,
    search_facets text[] GENERATED ALWAYS AS (public.dossier_company_facets(industry, country, region, city, type, domain, tech_slugs, tech_categories, tags, employee_count)) STORED
);
--> statement-breakpoint
CREATE TABLE public.company_contact_lists (
    company_id text NOT NULL,
    contacts json NOT NULL,
    person_ids text[] NOT NULL,
    cutoff_rank integer,
    cutoff_id text
);
--> statement-breakpoint
-- lz4 compresses a 5 KB contact list about a third faster than the default pglz and reads it back
-- faster, where the server has it (PGlite has not).
DO $$ BEGIN
  ALTER TABLE company_contact_lists ALTER COLUMN contacts SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE public.company_domains (
    domain text NOT NULL,
    company_id text NOT NULL,
    is_primary boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.company_technologies (
    company_id text NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    category text NOT NULL,
    detected_by text NOT NULL,
    first_seen timestamp with time zone DEFAULT now() NOT NULL,
    last_seen timestamp with time zone DEFAULT now() NOT NULL,
    num_sources integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.domain_catch_all (
    domain text NOT NULL,
    accept_all boolean NOT NULL,
    checked_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.domain_scans (
    domain text NOT NULL,
    result jsonb NOT NULL,
    fetched_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.domain_verifications (
    domain text NOT NULL,
    result jsonb NOT NULL,
    checked_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.email_verifications (
    email text NOT NULL,
    domain text NOT NULL,
    status text NOT NULL,
    result jsonb NOT NULL,
    checked_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.employment (
    id bigint NOT NULL,
    person_id text NOT NULL,
    company_id text,
    company_name text,
    title text,
    seniority text,
    department text,
    started_at date,
    ended_at date,
    is_current boolean DEFAULT false NOT NULL,
    first_seen timestamp with time zone DEFAULT now() NOT NULL,
    last_seen timestamp with time zone DEFAULT now() NOT NULL,
    num_sources integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.employment_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.employment_id_seq OWNED BY public.employment.id;
--> statement-breakpoint
CREATE TABLE public.entity_redirects (
    from_id text NOT NULL,
    to_id text NOT NULL,
    merged_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.intent_import_keys (
    key uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.intent_pending_batches (
    batch bigint NOT NULL,
    lo bigint NOT NULL,
    hi bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.intent_pending_weeks (
    company_id text NOT NULL,
    topic text NOT NULL,
    week date NOT NULL,
    volume double precision NOT NULL,
    events integer NOT NULL,
    sources text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.intent_posting_days (
    company_id text NOT NULL,
    department text NOT NULL,
    day date NOT NULL,
    postings integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.intent_signal_keys (
    key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.intent_signal_weeks (
    company_id text NOT NULL COLLATE pg_catalog."C",
    topic text NOT NULL COLLATE pg_catalog."C",
    week date NOT NULL,
    volume double precision NOT NULL,
    events integer NOT NULL,
    sources text[] DEFAULT '{}'::text[] NOT NULL,
    score real DEFAULT 50 NOT NULL,
    trend real DEFAULT 0 NOT NULL,
    baseline_mean real DEFAULT 0 NOT NULL,
    baseline_sd real DEFAULT 0 NOT NULL,
    expected real DEFAULT 0 NOT NULL,
    topic_mean real,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.intent_topic_weeks (
    topic text NOT NULL COLLATE pg_catalog."C",
    week date NOT NULL,
    volume double precision NOT NULL,
    events integer NOT NULL,
    companies integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.invitations (
    id text NOT NULL,
    org_id text NOT NULL,
    email text NOT NULL,
    role text NOT NULL,
    token_hash text NOT NULL,
    invited_by text,
    expires_at timestamp with time zone NOT NULL,
    accepted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.ip_ranges (
    id bigint NOT NULL,
    cidr cidr NOT NULL,
    company_id text,
    domain text,
    type text NOT NULL,
    asn integer,
    as_name text,
    source text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.ip_ranges_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.ip_ranges_id_seq OWNED BY public.ip_ranges.id;
--> statement-breakpoint
CREATE TABLE public.job_changes (
    id bigint NOT NULL,
    person_id text NOT NULL,
    from_company_id text,
    to_company_id text,
    from_title text,
    to_title text,
    is_promotion boolean DEFAULT false NOT NULL,
    confidence double precision NOT NULL,
    detected_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.job_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.job_changes_id_seq OWNED BY public.job_changes.id;
--> statement-breakpoint
CREATE TABLE public.job_items (
    job_id text NOT NULL,
    seq integer NOT NULL,
    input jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    result jsonb,
    attempts integer DEFAULT 0 NOT NULL,
    not_before timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE public.job_postings (
    id bigint NOT NULL,
    company_id text NOT NULL,
    title text NOT NULL,
    department text,
    location text,
    posted_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    url text,
    source text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.job_postings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.job_postings_id_seq OWNED BY public.job_postings.id;
--> statement-breakpoint
CREATE TABLE public.job_runs (
    id text NOT NULL,
    org_id text,
    kind text NOT NULL,
    status text NOT NULL,
    idempotency_key text,
    input jsonb,
    total integer DEFAULT 0 NOT NULL,
    done integer DEFAULT 0 NOT NULL,
    result jsonb,
    error text,
    attempts integer DEFAULT 0 NOT NULL,
    locked_by text,
    locked_until timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE public.memberships (
    org_id text NOT NULL,
    user_id text NOT NULL,
    role text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.organizations (
    id text NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    plan text DEFAULT 'free'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.people (
    id text NOT NULL,
    full_name text NOT NULL,
    first_name text,
    last_name text,
    title text,
    seniority text,
    department text,
    company_id text,
    city text,
    region text,
    country text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    search_tsv tsvector GENERATED ALWAYS AS ((setweight(to_tsvector('english'::regconfig, COALESCE(full_name, ''::text)), 'A'::"char") || setweight(to_tsvector('english'::regconfig, COALESCE(title, ''::text)), 'B'::"char"))) STORED,
    search_facets text[] DEFAULT '{}'::text[] NOT NULL,
    company_employee_count integer,
    company_founded_year integer,
    company_revenue_min double precision,
    company_revenue_max double precision
);
--> statement-breakpoint
CREATE TABLE public.person_attributes (
    person_id text NOT NULL,
    middle_name text,
    native_name text,
    dob text,
    gender text,
    address text,
    postcode text,
    ssn text,
    passport text,
    drivers_license text,
    national_id text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.person_contact_cards (
    person_id text NOT NULL,
    emails json NOT NULL,
    phones json NOT NULL,
    profiles json NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.person_emails (
    id bigint NOT NULL,
    person_id text NOT NULL,
    email text NOT NULL,
    type text NOT NULL,
    status text DEFAULT 'unknown'::text NOT NULL,
    verified_at timestamp with time zone,
    first_seen timestamp with time zone DEFAULT now() NOT NULL,
    last_seen timestamp with time zone DEFAULT now() NOT NULL,
    num_sources integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.person_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.person_emails_id_seq OWNED BY public.person_emails.id;
--> statement-breakpoint
CREATE TABLE public.person_keys (
    key text NOT NULL,
    person_id text NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.person_phones (
    id bigint NOT NULL,
    person_id text NOT NULL,
    e164 text NOT NULL,
    type text NOT NULL,
    status text DEFAULT 'unknown'::text NOT NULL,
    first_seen timestamp with time zone DEFAULT now() NOT NULL,
    last_seen timestamp with time zone DEFAULT now() NOT NULL,
    num_sources integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.person_phones_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.person_phones_id_seq OWNED BY public.person_phones.id;
--> statement-breakpoint
CREATE TABLE public.person_profiles (
    id bigint NOT NULL,
    person_id text NOT NULL,
    network text NOT NULL,
    handle text NOT NULL,
    url text NOT NULL,
    first_seen timestamp with time zone DEFAULT now() NOT NULL,
    last_seen timestamp with time zone DEFAULT now() NOT NULL,
    num_sources integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.person_profiles_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.person_profiles_id_seq OWNED BY public.person_profiles.id;
--> statement-breakpoint
CREATE TABLE public.person_value_sources (
    person_id text NOT NULL,
    field text NOT NULL,
    value text NOT NULL,
    source_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.projects (
    id text NOT NULL,
    org_id text NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.sessions (
    id text NOT NULL,
    user_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    reauth_at timestamp with time zone,
    ip text,
    user_agent text
);
--> statement-breakpoint
CREATE TABLE public.signals (
    id bigint NOT NULL,
    company_id text NOT NULL,
    topic text NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    weight real DEFAULT 1 NOT NULL,
    source text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    import_batch bigint
);
--> statement-breakpoint
CREATE SEQUENCE public.signals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.signals_id_seq OWNED BY public.signals.id;
--> statement-breakpoint
CREATE TABLE public.source_records (
    id text NOT NULL,
    source_id text NOT NULL,
    kind text NOT NULL,
    hash text NOT NULL,
    payload jsonb NOT NULL,
    entity_id text,
    import_id text,
    row_number integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.sources (
    id text NOT NULL,
    name text NOT NULL,
    trust real DEFAULT 0.5 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.usage_daily (
    org_id text NOT NULL,
    key_id text NOT NULL,
    operation text NOT NULL,
    day date NOT NULL,
    requests integer DEFAULT 0 NOT NULL,
    errors integer DEFAULT 0 NOT NULL,
    rate_limited integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.users (
    id text NOT NULL,
    email text NOT NULL,
    name text,
    password_hash text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log ALTER COLUMN id SET DEFAULT nextval('public.audit_log_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.employment ALTER COLUMN id SET DEFAULT nextval('public.employment_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.ip_ranges ALTER COLUMN id SET DEFAULT nextval('public.ip_ranges_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.job_changes ALTER COLUMN id SET DEFAULT nextval('public.job_changes_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.job_postings ALTER COLUMN id SET DEFAULT nextval('public.job_postings_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.person_emails ALTER COLUMN id SET DEFAULT nextval('public.person_emails_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.person_phones ALTER COLUMN id SET DEFAULT nextval('public.person_phones_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.person_profiles ALTER COLUMN id SET DEFAULT nextval('public.person_profiles_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.signals ALTER COLUMN id SET DEFAULT nextval('public.signals_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_hash_unique UNIQUE (hash);
--> statement-breakpoint
ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_domain_unique UNIQUE (domain);
--> statement-breakpoint
ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.company_contact_lists
    ADD CONSTRAINT company_contact_lists_pkey PRIMARY KEY (company_id);
--> statement-breakpoint
ALTER TABLE ONLY public.company_domains
    ADD CONSTRAINT company_domains_pkey PRIMARY KEY (domain);
--> statement-breakpoint
ALTER TABLE ONLY public.company_technologies
    ADD CONSTRAINT company_technologies_company_id_slug_pk PRIMARY KEY (company_id, slug);
--> statement-breakpoint
ALTER TABLE ONLY public.domain_catch_all
    ADD CONSTRAINT domain_catch_all_pkey PRIMARY KEY (domain);
--> statement-breakpoint
ALTER TABLE ONLY public.domain_scans
    ADD CONSTRAINT domain_scans_pkey PRIMARY KEY (domain);
--> statement-breakpoint
ALTER TABLE ONLY public.domain_verifications
    ADD CONSTRAINT domain_verifications_pkey PRIMARY KEY (domain);
--> statement-breakpoint
ALTER TABLE ONLY public.email_verifications
    ADD CONSTRAINT email_verifications_pkey PRIMARY KEY (email);
--> statement-breakpoint
ALTER TABLE ONLY public.employment
    ADD CONSTRAINT employment_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.entity_redirects
    ADD CONSTRAINT entity_redirects_pkey PRIMARY KEY (from_id);
--> statement-breakpoint
ALTER TABLE ONLY public.intent_import_keys
    ADD CONSTRAINT intent_import_keys_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY public.intent_posting_days
    ADD CONSTRAINT intent_posting_days_company_id_department_day_pk PRIMARY KEY (company_id, department, day);
--> statement-breakpoint
ALTER TABLE ONLY public.intent_signal_keys
    ADD CONSTRAINT intent_signal_keys_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY public.intent_signal_weeks
    ADD CONSTRAINT intent_signal_weeks_company_id_topic_week_pk PRIMARY KEY (company_id, topic, week);
--> statement-breakpoint
ALTER TABLE ONLY public.intent_topic_weeks
    ADD CONSTRAINT intent_topic_weeks_topic_week_pk PRIMARY KEY (topic, week);
--> statement-breakpoint
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_token_hash_unique UNIQUE (token_hash);
--> statement-breakpoint
ALTER TABLE ONLY public.ip_ranges
    ADD CONSTRAINT ip_ranges_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.job_changes
    ADD CONSTRAINT job_changes_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.job_items
    ADD CONSTRAINT job_items_job_id_seq_pk PRIMARY KEY (job_id, seq);
--> statement-breakpoint
ALTER TABLE ONLY public.job_postings
    ADD CONSTRAINT job_postings_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.job_runs
    ADD CONSTRAINT job_runs_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_org_id_user_id_pk PRIMARY KEY (org_id, user_id);
--> statement-breakpoint
ALTER TABLE ONLY public.organizations
    ADD CONSTRAINT organizations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.organizations
    ADD CONSTRAINT organizations_slug_unique UNIQUE (slug);
--> statement-breakpoint
ALTER TABLE ONLY public.people
    ADD CONSTRAINT people_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.person_attributes
    ADD CONSTRAINT person_attributes_pkey PRIMARY KEY (person_id);
--> statement-breakpoint
ALTER TABLE ONLY public.person_contact_cards
    ADD CONSTRAINT person_contact_cards_pkey PRIMARY KEY (person_id);
--> statement-breakpoint
ALTER TABLE ONLY public.person_emails
    ADD CONSTRAINT person_emails_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.person_keys
    ADD CONSTRAINT person_keys_key_person_id_pk PRIMARY KEY (key, person_id);
--> statement-breakpoint
ALTER TABLE ONLY public.person_phones
    ADD CONSTRAINT person_phones_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.person_profiles
    ADD CONSTRAINT person_profiles_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.person_value_sources
    ADD CONSTRAINT person_value_sources_person_id_field_value_source_id_pk PRIMARY KEY (person_id, field, value, source_id);
--> statement-breakpoint
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.signals
    ADD CONSTRAINT signals_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.source_records
    ADD CONSTRAINT source_records_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sources
    ADD CONSTRAINT sources_name_unique UNIQUE (name);
--> statement-breakpoint
ALTER TABLE ONLY public.sources
    ADD CONSTRAINT sources_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.usage_daily
    ADD CONSTRAINT usage_daily_key_id_operation_day_pk PRIMARY KEY (key_id, operation, day);
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
--> statement-breakpoint
CREATE INDEX api_keys_org_idx ON public.api_keys USING btree (org_id);
--> statement-breakpoint
CREATE INDEX api_keys_project_idx ON public.api_keys USING btree (project_id);
--> statement-breakpoint
CREATE INDEX audit_log_org_time_idx ON public.audit_log USING btree (org_id, created_at);
--> statement-breakpoint
CREATE INDEX companies_city_idx ON public.companies USING btree (lower(city));
--> statement-breakpoint
CREATE INDEX companies_country_idx ON public.companies USING btree (country);
--> statement-breakpoint
CREATE INDEX companies_employee_count_idx ON public.companies USING btree (employee_count);
--> statement-breakpoint
CREATE INDEX companies_founded_year_idx ON public.companies USING btree (founded_year);
--> statement-breakpoint
CREATE INDEX companies_industry_key_idx ON public.companies USING btree (industry_key);
--> statement-breakpoint
CREATE INDEX companies_name_trgm_idx ON public.companies USING gin (name public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX companies_search_idx ON public.companies USING gin (search_facets, search_tsv);
--> statement-breakpoint
CREATE INDEX companies_tags_idx ON public.companies USING gin (tags);
--> statement-breakpoint
CREATE INDEX companies_tech_categories_idx ON public.companies USING gin (tech_categories);
--> statement-breakpoint
CREATE INDEX companies_tech_slugs_idx ON public.companies USING gin (tech_slugs);
--> statement-breakpoint
CREATE INDEX company_domains_company_idx ON public.company_domains USING btree (company_id);
--> statement-breakpoint
CREATE INDEX company_technologies_slug_idx ON public.company_technologies USING btree (slug);
--> statement-breakpoint
CREATE INDEX employment_company_idx ON public.employment USING btree (company_id);
--> statement-breakpoint
CREATE INDEX employment_person_idx ON public.employment USING btree (person_id);
--> statement-breakpoint
CREATE INDEX intent_posting_days_day_idx ON public.intent_posting_days USING btree (day);
--> statement-breakpoint
CREATE INDEX intent_signal_weeks_surging_idx ON public.intent_signal_weeks USING btree (score DESC, week) WHERE (score >= (60)::double precision);
--> statement-breakpoint
CREATE INDEX intent_signal_weeks_topic_week_score_idx ON public.intent_signal_weeks USING btree (topic, week, score DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX invitations_org_idx ON public.invitations USING btree (org_id);
--> statement-breakpoint
CREATE INDEX ip_ranges_cidr_gist_idx ON public.ip_ranges USING gist (cidr inet_ops);
--> statement-breakpoint
CREATE UNIQUE INDEX ip_ranges_cidr_key ON public.ip_ranges USING btree (cidr);
--> statement-breakpoint
CREATE INDEX job_changes_person_idx ON public.job_changes USING btree (person_id);
--> statement-breakpoint
CREATE INDEX job_changes_to_company_idx ON public.job_changes USING btree (to_company_id, detected_at);
--> statement-breakpoint
CREATE INDEX job_items_pending_idx ON public.job_items USING btree (job_id, status);
--> statement-breakpoint
CREATE INDEX job_postings_company_time_idx ON public.job_postings USING btree (company_id, posted_at);
--> statement-breakpoint
CREATE UNIQUE INDEX job_postings_company_url_key ON public.job_postings USING btree (company_id, url);
--> statement-breakpoint
CREATE UNIQUE INDEX job_runs_idempotency_key ON public.job_runs USING btree (org_id, kind, idempotency_key);
--> statement-breakpoint
CREATE INDEX job_runs_status_idx ON public.job_runs USING btree (status, locked_until);
--> statement-breakpoint
CREATE INDEX memberships_user_idx ON public.memberships USING btree (user_id);
--> statement-breakpoint
CREATE INDEX people_city_idx ON public.people USING btree (lower(city));
--> statement-breakpoint
CREATE INDEX people_company_idx ON public.people USING btree (company_id, public.dossier_seniority_rank(seniority), id);
--> statement-breakpoint
CREATE INDEX people_country_idx ON public.people USING btree (country);
--> statement-breakpoint
CREATE INDEX people_department_idx ON public.people USING btree (department);
--> statement-breakpoint
CREATE INDEX people_name_trgm_idx ON public.people USING gin (full_name public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX people_search_idx ON public.people USING gin (search_facets, search_tsv);
--> statement-breakpoint
CREATE INDEX people_seniority_idx ON public.people USING btree (seniority);
--> statement-breakpoint
CREATE INDEX person_emails_email_idx ON public.person_emails USING btree (email);
--> statement-breakpoint
CREATE UNIQUE INDEX person_emails_person_email_key ON public.person_emails USING btree (person_id, email);
--> statement-breakpoint
CREATE INDEX person_keys_person_idx ON public.person_keys USING btree (person_id);
--> statement-breakpoint
CREATE INDEX person_phones_e164_idx ON public.person_phones USING btree (e164);
--> statement-breakpoint
CREATE UNIQUE INDEX person_phones_person_phone_key ON public.person_phones USING btree (person_id, e164);
--> statement-breakpoint
CREATE INDEX person_profiles_handle_idx ON public.person_profiles USING btree (network, handle);
--> statement-breakpoint
CREATE UNIQUE INDEX person_profiles_person_key ON public.person_profiles USING btree (person_id, network, handle);
--> statement-breakpoint
CREATE UNIQUE INDEX projects_org_name_key ON public.projects USING btree (org_id, name);
--> statement-breakpoint
CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id);
--> statement-breakpoint
CREATE INDEX source_records_entity_idx ON public.source_records USING btree (entity_id);
--> statement-breakpoint
CREATE UNIQUE INDEX source_records_source_hash_key ON public.source_records USING btree (source_id, hash);
--> statement-breakpoint
CREATE INDEX usage_daily_org_day_idx ON public.usage_daily USING btree (org_id, day);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (lower(email));
--> statement-breakpoint
ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_org_id_organizations_id_fk FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_org_id_organizations_id_fk FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.company_contact_lists
    ADD CONSTRAINT company_contact_lists_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.company_domains
    ADD CONSTRAINT company_domains_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.company_technologies
    ADD CONSTRAINT company_technologies_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.employment
    ADD CONSTRAINT employment_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.employment
    ADD CONSTRAINT employment_person_id_people_id_fk FOREIGN KEY (person_id) REFERENCES public.people(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.intent_posting_days
    ADD CONSTRAINT intent_posting_days_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_invited_by_users_id_fk FOREIGN KEY (invited_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_org_id_organizations_id_fk FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.ip_ranges
    ADD CONSTRAINT ip_ranges_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.job_changes
    ADD CONSTRAINT job_changes_from_company_id_companies_id_fk FOREIGN KEY (from_company_id) REFERENCES public.companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.job_changes
    ADD CONSTRAINT job_changes_person_id_people_id_fk FOREIGN KEY (person_id) REFERENCES public.people(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.job_changes
    ADD CONSTRAINT job_changes_to_company_id_companies_id_fk FOREIGN KEY (to_company_id) REFERENCES public.companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.job_items
    ADD CONSTRAINT job_items_job_id_job_runs_id_fk FOREIGN KEY (job_id) REFERENCES public.job_runs(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.job_postings
    ADD CONSTRAINT job_postings_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_org_id_organizations_id_fk FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.people
    ADD CONSTRAINT people_company_id_companies_id_fk FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.person_attributes
    ADD CONSTRAINT person_attributes_person_id_people_id_fk FOREIGN KEY (person_id) REFERENCES public.people(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.person_emails
    ADD CONSTRAINT person_emails_person_id_people_id_fk FOREIGN KEY (person_id) REFERENCES public.people(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.person_phones
    ADD CONSTRAINT person_phones_person_id_people_id_fk FOREIGN KEY (person_id) REFERENCES public.people(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.person_profiles
    ADD CONSTRAINT person_profiles_person_id_people_id_fk FOREIGN KEY (person_id) REFERENCES public.people(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.person_value_sources
    ADD CONSTRAINT person_value_sources_source_id_sources_id_fk FOREIGN KEY (source_id) REFERENCES public.sources(id);
--> statement-breakpoint
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_org_id_organizations_id_fk FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.source_records
    ADD CONSTRAINT source_records_source_id_sources_id_fk FOREIGN KEY (source_id) REFERENCES public.sources(id);
--> statement-breakpoint
ALTER TABLE ONLY public.usage_daily
    ADD CONSTRAINT usage_daily_org_id_organizations_id_fk FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;
