import type { LogReader, MemoryLog } from "./memory-log";

export interface TopicPartition {
  topic: string;
  partition: number;
}

/** What the group needs from a member: its subscription and a way to hand it partitions. */
export interface GroupMember {
  readonly topics: readonly string[];
  /** Where the group starts on a partition it has committed nothing on: the oldest or the next message. */
  readonly fromBeginning: boolean;
  assign(partitions: TopicPartition[]): void;
}

export function partitionKey({ topic, partition }: TopicPartition): string {
  return `${topic}\u0000${partition}`;
}

/**
 * A consumer group: committed offsets and the partition assignment of its members, rebalanced
 * whenever one joins or leaves. Handover is serialized per partition: a new owner starts only
 * after the previous one has finished (and committed) its message in flight.
 *
 * Once it subscribed to a topic the group holds the topic's log from its committed offsets (or,
 * before its first commit, from where it started), for as long as the bus lives: a member that
 * stops and comes back later finds what it missed, within the log's per-partition cap.
 */
export class MemoryGroup implements LogReader {
  private readonly members: GroupMember[] = [];
  private readonly committed = new Map<string, number>();
  /** Per partition of a subscribed topic: the offset the group holds the log from until its first commit. */
  private readonly heldFrom = new Map<string, number>();
  private readonly turns = new Map<string, Promise<void>>();

  constructor(
    readonly id: string,
    private readonly log: MemoryLog,
  ) {}

  join(member: GroupMember): void {
    for (const topic of member.topics) this.subscribe(topic, member.fromBeginning);
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
    this.log.release(tp.topic, tp.partition);
  }

  retainFrom(topic: string, partition: number): number {
    const key = partitionKey({ topic, partition });
    return this.committed.get(key) ?? this.heldFrom.get(key) ?? 0;
  }

  private subscribe(topic: string, fromBeginning: boolean): void {
    if (this.heldFrom.has(partitionKey({ topic, partition: 0 }))) return;
    for (let partition = 0; partition < this.log.partitionCount(topic); partition++) {
      this.heldFrom.set(
        partitionKey({ topic, partition }),
        fromBeginning ? this.log.startOffset(topic, partition) : this.log.endOffset(topic, partition),
      );
    }
    this.log.addReader(topic, this);
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
