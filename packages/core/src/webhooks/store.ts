import {
  type Database,
  webhookAttempts,
  webhookDeliveries,
  webhookEvents,
  webhookSubscriptions,
} from '@dossier/db';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';

export type Subscription = typeof webhookSubscriptions.$inferSelect;
type NewSubscription = typeof webhookSubscriptions.$inferInsert;
type SubscriptionChange = Partial<NewSubscription>;

/** Subscriptions are per project: a key sees only its own project's. */
export interface Owner {
  orgId: string;
  projectId: string;
}

const own = (owner: Owner, id: string) =>
  and(
    eq(webhookSubscriptions.id, id),
    eq(webhookSubscriptions.orgId, owner.orgId),
    eq(webhookSubscriptions.projectId, owner.projectId),
  );

export const insertSubscription = async (database: Database, values: NewSubscription) => {
  const [row] = await database.db.insert(webhookSubscriptions).values(values).returning();
  return row;
};

export const selectSubscriptions = (database: Database, owner: Owner) =>
  database.db
    .select()
    .from(webhookSubscriptions)
    .where(
      and(eq(webhookSubscriptions.orgId, owner.orgId), eq(webhookSubscriptions.projectId, owner.projectId)),
    )
    .orderBy(desc(webhookSubscriptions.createdAt));

export const selectSubscription = async (database: Database, owner: Owner, id: string) => {
  const [row] = await database.db.select().from(webhookSubscriptions).where(own(owner, id));
  return row;
};

/** Changes one of the owner's subscriptions; with `secret`, only while its secret is still that one. */
export const changeSubscription = async (
  database: Database,
  owner: Owner,
  id: string,
  set: SubscriptionChange,
  secret?: string,
) => {
  const where =
    secret === undefined ? own(owner, id) : and(own(owner, id), eq(webhookSubscriptions.secret, secret));
  const [row] = await database.db.update(webhookSubscriptions).set(set).where(where).returning();
  return row;
};

/** True when the owner had the subscription and it is now gone. */
export const removeSubscription = async (database: Database, owner: Owner, id: string): Promise<boolean> => {
  const rows = await database.db.delete(webhookSubscriptions).where(own(owner, id)).returning({
    id: webhookSubscriptions.id,
  });
  return rows.length > 0;
};

/** Up to `limit` of a subscription's deliveries, newest first, each with its event's type. */
export const deliveryPage = (
  database: Database,
  subscriptionId: string,
  filter: { status?: (typeof webhookDeliveries.$inferSelect)['status']; before?: Date },
  limit: number,
) => {
  const conditions = [eq(webhookDeliveries.subscriptionId, subscriptionId)];
  if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
  if (filter.before) conditions.push(lt(webhookDeliveries.createdAt, filter.before));
  return database.db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
};

/** The attempts of these deliveries, by delivery and attempt. */
export const attemptsOf = async (database: Database, deliveryIds: string[]) =>
  deliveryIds.length
    ? await database.db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, deliveryIds))
        .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt), asc(webhookAttempts.id))
    : [];

/** Makes a delivery that is not in flight pending again, due `now`; false when none was. */
export const requeueDelivery = async (
  database: Database,
  subscriptionId: string,
  deliveryId: string,
  now: Date,
): Promise<boolean> => {
  const rows = await database.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, updatedAt: now, lockedBy: null, lockedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
};

export const deliveryStatus = async (database: Database, subscriptionId: string, deliveryId: string) => {
  const [row] = await database.db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)));
  return row?.status;
};
