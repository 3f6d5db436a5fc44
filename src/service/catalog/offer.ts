import type { LaunchInfo, MediaNode, Medium, Offer, SourceNode } from '../graph/entities'
import { informationLaunchInfo, launchInfoFor, mediumsFor, type SourceSpec } from './sources'

/**
 * One offer of the graph, whose launch links and mediums are made when first read and then kept. They were
 * made for all ~9,600 offers at start-up: ~150,000 of the graph's ~243,000 objects (links, formats, methods,
 * mediums and their arrays) and a seeded price draw per offer, for answers that show a page of titles' sources
 * at a time. Reading one gives what the eager build gave (test/service/startup-build.test.ts): every part is a
 * pure function of the source, the title and the source id, and the price draw is seeded by the source and the
 * title alone.
 */
export class LazyOffer implements Offer {
  private links: LaunchInfo | undefined = undefined
  private consumable: Medium[] | undefined = undefined

  /** `infoUrl`: the page an information source links to; undefined for stores and services (consumable). */
  constructor(
    readonly source: SourceNode,
    readonly media: MediaNode,
    readonly sourceId: string,
    private readonly spec: SourceSpec,
    private readonly infoUrl: string | undefined,
  ) {}

  get launchInfo(): LaunchInfo {
    return (this.links ??=
      this.infoUrl === undefined
        ? launchInfoFor(this.spec, this.sourceId)
        : informationLaunchInfo(this.sourceId, this.infoUrl))
  }

  get mediums(): Medium[] | undefined {
    if (this.infoUrl !== undefined) return undefined
    return (this.consumable ??= mediumsFor(this.spec, this.media, this.launchInfo))
  }
}
