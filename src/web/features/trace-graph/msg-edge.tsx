import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type Edge, type EdgeProps } from '@xyflow/react';
import { EDGE_BEND, type Wrap } from './trace-layout';
import { EDGE_LABEL_CLASS, EDGE_VALUE_CLASS, edgeNameClass, edgeStroke } from './node-look';

// An edge of the trace graph: a message, with its value and name on its straight run into the
// receiver (or, into the next band of a wrapped layout, on its run back along the gap).

export type MsgEdgeData = {
  value: string | null;
  name: string;
  bounced: boolean;
  failedTarget: boolean;
  /** An edge into the next band of a wrapped layout (trace-layout.ts). */
  wrap?: Wrap;
};
export type GraphEdge = Edge<MsgEdgeData, 'msg'>;

export const MsgEdge = memo(function MsgEdge(props: EdgeProps<GraphEdge>) {
  const { sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, id } = props;
  const centerX = sourceX + EDGE_BEND;
  const wrap = data?.wrap;
  // into the next band: out of the parent, down to the gap between the bands, back along it to the
  // child's column, down to the child; the label sits on the long run back
  const [path] =
    wrap !== undefined
      ? [`M${sourceX},${sourceY}H${centerX}V${wrap.y}H${targetX - EDGE_BEND}V${targetY}H${targetX}`]
      : getSmoothStepPath({
          sourceX,
          sourceY,
          targetX,
          targetY,
          sourcePosition,
          targetPosition,
          borderRadius: 8,
          centerX,
        });
  const bounced = data?.bounced ?? false;
  const style = edgeStroke(bounced, data?.failedTarget ?? false);
  // a wrapped edge's label takes its own stretch of the line back (its slot), the others' beside it
  const room = wrap !== undefined ? (centerX - targetX) / wrap.slots - 8 : targetX - centerX - 10;
  const labelAt =
    wrap !== undefined
      ? { x: targetX + ((centerX - targetX) * (wrap.slot + 0.5)) / wrap.slots, y: wrap.y }
      : { x: (centerX + targetX) / 2, y: targetY };
  return (
    <>
      <BaseEdge id={id} path={path} style={style} markerEnd={props.markerEnd} />
      <EdgeLabelRenderer>
        {/* wraps within the straight run rather than spilling over the nodes either side of it */}
        <div
          className={`nodrag nopan ${EDGE_LABEL_CLASS}`}
          style={{
            maxWidth: room,
            transform: `translate(-50%, -50%) translate(${labelAt.x}px, ${labelAt.y}px)`,
          }}
        >
          {data?.value && <div className={EDGE_VALUE_CLASS}>{data.value}</div>}
          <div className={edgeNameClass(bounced)}>
            {bounced ? '↩ ' : ''}
            {data?.name}
          </div>
        </div>
      </EdgeLabelRenderer>
    </>
  );
});
