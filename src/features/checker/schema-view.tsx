import { useMemo } from 'react'
import { schemaTree, type SchemaNode } from '@/checker'
import { formatCount } from '@/components/ui/format-count'

export interface SchemaViewProps {
  toolName: string
  parameters: unknown
}

/** How many nodes of a tree the check does not judge. */
function countSkipped(node: SchemaNode): number {
  return (node.judged ? 0 : 1) + node.children.reduce((n, c) => n + countSkipped(c), 0)
}

const ROLE_LABEL: Record<SchemaNode['role'], (name: string) => string> = {
  root: () => 'arguments',
  property: (name) => name,
  items: () => 'each item',
  'tuple-item': (name) => `item ${name}`,
  'prefix-item': (name) => `item ${name} (prefixItems)`,
  pattern: (name) => `names matching ${name}`,
  additional: () => 'any other name',
}

/** The offered schema of one tool as a readable tree; what the check skips is marked with why. */
export function SchemaView({ toolName, parameters }: SchemaViewProps) {
  const tree = useMemo(() => schemaTree(parameters), [parameters])
  const skipped = countSkipped(tree)
  return (
    <section className="schema-view" aria-labelledby="schema-title">
      <h3 id="schema-title">
        Schema of{' '}
        <span className="truncate schema-view__tool" title={toolName}>
          {toolName}
        </span>
      </h3>
      <p className="muted">
        {skipped === 0
          ? 'The check judges every part of this schema, leniently as ADR 246 allows: text such as "5" passes for a number, a number for text, "true", 1 or 0 for a boolean, a list for an object. The playground names each such cast when one lets a value through.'
          : `${skipped} part${skipped === 1 ? '' : 's'} of this schema ${skipped === 1 ? 'is' : 'are'} not judged by the check: a refusal cannot come from ${skipped === 1 ? 'it' : 'them'}.`}
      </p>
      <ul className="schema-tree">
        <SchemaItem node={tree} />
      </ul>
    </section>
  )
}

function typeText(node: SchemaNode): string {
  if (node.types.length === 0) return 'any type'
  const types = node.types.filter((t) => t !== 'null')
  const base = types.join(' or ') || 'null'
  return node.nullable && types.length > 0 ? `${base} or null` : base
}

function SchemaItem({ node }: { node: SchemaNode }) {
  const label = ROLE_LABEL[node.role](node.name)
  return (
    <li className={node.judged ? 'schema-node' : 'schema-node schema-node--skipped'}>
      <div className="schema-node__line">
        <code className="schema-node__name truncate" title={label}>
          {label}
        </code>
        <span className="schema-node__type">{typeText(node)}</span>
        {node.required ? <span className="tag tag--required">required</span> : null}
        {node.closed ? <span className="tag">no other names</span> : null}
        {node.skipReason !== null ? (
          <span className="schema-node__skip">{node.skipReason}</span>
        ) : null}
      </div>
      {node.refs.length > 0 ? (
        <div className="schema-node__detail">
          Refers to <code>{node.refs.join(', ')}</code>
        </div>
      ) : null}
      {node.enumValues !== null ? (
        <div className="schema-node__detail">
          One of:{' '}
          {node.enumValues.map((v, i) => (
            <code key={i} className="schema-node__enum">
              {v}
            </code>
          ))}
          {node.enumTotal > node.enumValues.length
            ? ` and ${node.enumTotal - node.enumValues.length} more`
            : null}{' '}
          <span className="muted">
            (the check also accepts what a cast reads as one: another letter case, 2 for
            &quot;2&quot;, &quot;2&quot; for 2)
          </span>
        </div>
      ) : null}
      {node.description !== null ? (
        <div className="schema-node__detail muted">{node.description}</div>
      ) : null}
      {node.ignoredKeywords.length > 0 ? (
        <div className="schema-node__detail muted">
          Never refused on: {node.ignoredKeywords.join(', ')}
        </div>
      ) : null}
      {node.children.length > 0 || node.hiddenChildren > 0 ? (
        <ul>
          {node.children.map((child, i) => (
            <SchemaItem key={`${child.role}:${child.name}:${i}`} node={child} />
          ))}
          {node.hiddenChildren > 0 ? (
            <li className="muted">
              {formatCount(node.hiddenChildren)} more parts are not shown (the view stops at a few
              hundred).
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  )
}
