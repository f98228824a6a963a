/// <reference types="node" />
/**
 * `src/events.ts` against `mlemodernizer/events.schema.json`, the schema
 * generated from the event declarations in `mlemodernizer/contracts/events.py` (a
 * pytest keeps that file in step with them). `events.ts` is parsed with the
 * TypeScript compiler: every event of the schema needs an interface there
 * whose `type` is the event's, with the same fields, and every shape of the
 * schema's `$defs` (`TokenUsage`) an interface `ITokenUsage` with the same
 * fields.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');

interface ISchemaObject {
  properties: Record<string, unknown>;
  required: string[];
}

interface ISchema {
  oneOf: { $ref: string }[];
  $defs: Record<string, ISchemaObject>;
}

interface IDeclared {
  /** Own fields: name → optional. */
  fields: Map<string, boolean>;
  bases: string[];
  /** The string literal of a `type` field, for an event. */
  eventType: string | null;
}

const schema = JSON.parse(
  fs.readFileSync(
    path.join(ROOT, 'mlemodernizer', 'events.schema.json'),
    'utf8'
  )
) as ISchema;

/**
 * The interfaces and the `JobEvent` union of a TypeScript source.
 */
function parseDeclarations(text: string): {
  interfaces: Map<string, IDeclared>;
  union: string[];
} {
  const file = ts.createSourceFile(
    'events.ts',
    text,
    ts.ScriptTarget.Latest,
    true
  );
  const interfaces = new Map<string, IDeclared>();
  let union: string[] = [];
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      const fields = new Map<string, boolean>();
      let eventType: string | null = null;
      for (const member of statement.members) {
        if (!ts.isPropertySignature(member) || !member.name) {
          continue;
        }
        const name = member.name.getText(file);
        fields.set(name, member.questionToken !== undefined);
        const type = member.type;
        if (
          name === 'type' &&
          type &&
          ts.isLiteralTypeNode(type) &&
          ts.isStringLiteral(type.literal)
        ) {
          eventType = type.literal.text;
        }
      }
      const bases = (statement.heritageClauses ?? []).flatMap(clause =>
        clause.types.map(t => t.expression.getText(file))
      );
      interfaces.set(statement.name.text, { fields, bases, eventType });
    } else if (
      ts.isTypeAliasDeclaration(statement) &&
      statement.name.text === 'JobEvent' &&
      ts.isUnionTypeNode(statement.type)
    ) {
      union = statement.type.types.map(t => t.getText(file));
    }
  }
  return { interfaces, union };
}

/**
 * Each field of an interface with its bases', as name → optional.
 */
function allFields(
  interfaces: Map<string, IDeclared>,
  name: string
): Map<string, boolean> {
  const declared = interfaces.get(name);
  if (!declared) {
    throw new Error(`no interface ${name} in src/events.ts`);
  }
  const fields = new Map<string, boolean>();
  for (const base of declared.bases) {
    allFields(interfaces, base).forEach((optional, field) =>
      fields.set(field, optional)
    );
  }
  declared.fields.forEach((optional, field) => fields.set(field, optional));
  return fields;
}

/**
 * What differs between the schema's object and the interface, in words; an
 * empty list when they agree.
 */
function drift(
  what: string,
  object: ISchemaObject,
  fields: Map<string, boolean>
): string[] {
  const problems: string[] = [];
  const declared = Object.keys(object.properties);
  for (const field of declared) {
    if (!fields.has(field)) {
      problems.push(`${what}: ${field} is in the schema, not in events.ts`);
    }
  }
  fields.forEach((optional, field) => {
    if (!declared.includes(field)) {
      problems.push(`${what}: ${field} is in events.ts, not in the schema`);
    } else if (!optional && !object.required.includes(field)) {
      problems.push(
        `${what}: ${field} may be absent (schema) but events.ts counts on it`
      );
    }
  });
  return problems;
}

/**
 * Every difference between the schema and a TypeScript source.
 */
function contractDrift(text: string): string[] {
  const { interfaces, union } = parseDeclarations(text);
  const events = schema.oneOf.map(ref => ref.$ref.split('/').pop() as string);
  const byType = new Map<string, string>();
  interfaces.forEach((declared, name) => {
    if (declared.eventType !== null) {
      byType.set(declared.eventType, name);
    }
  });
  const problems: string[] = [];
  const typed = new Set<string>();
  for (const def of events) {
    const object = schema.$defs[def];
    const type = (object.properties.type as { const: string }).const;
    typed.add(type);
    const name = byType.get(type);
    if (!name) {
      problems.push(`event ${type}: no interface in events.ts`);
      continue;
    }
    problems.push(...drift(`${name}`, object, allFields(interfaces, name)));
    if (!union.includes(name)) {
      problems.push(`${name} is not part of JobEvent`);
    }
  }
  byType.forEach((name, type) => {
    if (!typed.has(type)) {
      problems.push(`${name}: event ${type} is not in the schema`);
    }
  });
  for (const [def, object] of Object.entries(schema.$defs)) {
    if (events.includes(def)) {
      continue;
    }
    const name = `I${def}`;
    if (!interfaces.has(name)) {
      problems.push(`${def}: no interface ${name} in events.ts`);
      continue;
    }
    problems.push(...drift(name, object, allFields(interfaces, name)));
  }
  return problems;
}

const EVENTS_TS = fs.readFileSync(path.join(ROOT, 'src', 'events.ts'), 'utf8');

describe('the event contract', () => {
  it('has src/events.ts declare what the schema declares, field for field', () => {
    expect(contractDrift(EVENTS_TS)).toEqual([]);
  });

  it('finds every event and shape of the schema in src/events.ts', () => {
    const { interfaces, union } = parseDeclarations(EVENTS_TS);
    const events = [...interfaces.values()].filter(i => i.eventType !== null);
    expect(events).toHaveLength(schema.oneOf.length);
    expect(union).toHaveLength(schema.oneOf.length);
  });

  it('tells a field missing on either side, and an event type of its own', () => {
    const dropped = EVENTS_TS.replace('  start_at: number;\n', '');
    expect(contractDrift(dropped)).toEqual([
      'IExecutionStartedEvent: start_at is in the schema, not in events.ts'
    ]);
    const added = EVENTS_TS.replace(
      '  cell_ids: string[];\n',
      '  cell_ids: string[];\n  urgent: boolean;\n'
    );
    expect(contractDrift(added)).toEqual([
      'IReviewRequestedEvent: urgent is in events.ts, not in the schema'
    ]);
    const extra = `${EVENTS_TS}\nexport interface IGhostEvent extends IEventBase {\n  type: 'ghost';\n}\n`;
    expect(contractDrift(extra)).toEqual([
      'IGhostEvent: event ghost is not in the schema'
    ]);
  });
});
