import type { MemoryLog } from "./memory-log";

export interface TopicPartition {
  topic: string;
  partition: number;
}

/** What the group needs from a member: its subscription and a way to hand it partitions. */
export interface GroupMember {
  readonly topics: readonly string[];
  assign(partitions: TopicPartition[]): void;
}

export function partitionKey({ topic, partition }: TopicPartition): string {
  return `${topic}\u0000${partition}`;
}

/**
 * A consumer group: committed offsets and the partition assignment of its members, rebalanced
 * whenever one joins or leaves. Handover is serialized per partition: a new owner starts only
 * after the previous one has finished (and committed) its message in flight.
 */
export class MemoryGroup {
  private readonly members: GroupMember[] = [];
  private readonly committed = new Map<string, number>();
  private readonly turns = new Map<string, Promise<void>>();

  constructor(
    readonly id: string,
    private readonly log: MemoryLog,
  ) {}

  join(member: GroupMember): void {
    this.members.push(member);
    this.rebalance();
  }

  leave(member: GroupMember): void {
    const index = this.members.indexOf(member);
    if (index === -1) return;
    this.members.splice(index, 1);
    this.rebalance();
  }

  committedOffset(tp: TopicPartition): number | undefined {
    return this.committed.get(partitionKey(tp));
  }

  commit(tp: TopicPartition, nextOffset: number): void {
    this.committed.set(partitionKey(tp), nextOffset);
  }

  /**
   * Waits for the previous owner of the partition to let go, then holds it until `release` is
   * called.
   */
  async takeTurn(tp: TopicPartition): Promise<() => void> {
    const key = partitionKey(tp);
    const previous = this.turns.get(key) ?? Promise.resolve();
    let release!: () => void;
    this.turns.set(
      key,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    await previous;
    return release;
  }

  /** Round-robin over the subscribers of each topic, like Kafka's RoundRobinAssigner. */
  private rebalance(): void {
    const assignment = new Map<GroupMember, TopicPartition[]>(this.members.map((member) => [member, []]));
    const topics = [...new Set(this.members.flatMap((member) => member.topics))].sort();
    let turn = 0;
    for (const topic of topics) {
      const subscribers = this.members.filter((member) => member.topics.includes(topic));
      for (let partition = 0; partition < this.log.partitionCount(topic); partition++) {
        assignment.get(subscribers[turn++ % subscribers.length]!)!.push({ topic, partition });
      }
    }
    for (const [member, partitions] of assignment) member.assign(partitions);
  }
}
