import type { ColourInfo } from '@high5/contract';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { CapsuleGeometry, CylinderGeometry, InstancedMesh, Object3D, TorusGeometry } from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { handShape, type Pose } from './hand-options';

/*
 * The twelve hands, built in code from three.js primitives: one mesh per part (palm,
 * wrist, each finger, thumb, bracelet, and the chain as one instanced mesh of links).
 * Nothing is downloaded. The hand faces the viewer, fingers up, thumb on the right.
 */

const PALM = { width: 1.7, height: 1.9, depth: 0.55 };
const KNUCKLE_Y = PALM.height / 2 - 0.12;
const FINGER_RADIUS = 0.19;
// Index (next to the thumb, on the right), middle, ring and little finger: where each
// stands on the palm, how long it is, and how far it leans out (about z).
const FINGERS = [
  { x: 0.6, length: 1.15, spread: -0.1 },
  { x: 0.2, length: 1.35, spread: -0.03 },
  { x: -0.2, length: 1.25, spread: 0.04 },
  { x: -0.6, length: 0.95, spread: 0.12 },
];
const WRIST = { radius: 0.55, length: 1.3, y: -PALM.height / 2 - 0.5 };
const BRACELET_Y = -1.35;
const CHAIN = { radius: 0.6, links: 22 };

/** Which fingers stand up (index, middle, ring, little) and whether the thumb is out. */
const POSE_FINGERS: Record<Pose, { up: [boolean, boolean, boolean, boolean]; thumbOut: boolean; vSpread: number }> = {
  open: { up: [true, true, true, true], thumbOut: true, vSpread: 0 },
  peace: { up: [true, true, false, false], thumbOut: false, vSpread: 0.3 },
  point: { up: [true, false, false, false], thumbOut: false, vSpread: 0 },
};

const SKIN = { roughness: 0.62, metalness: 0.02 };

export function HandModel({ colours }: { colours: ColourInfo }) {
  const shape = handShape(colours.handSelected);
  const pose = POSE_FINGERS[shape.pose];
  const palm = useMemo(() => new RoundedBoxGeometry(PALM.width, PALM.height, PALM.depth, 4, 0.24), []);
  const wrist = useMemo(() => new CylinderGeometry(WRIST.radius - 0.03, WRIST.radius, WRIST.length, 32), []);
  const thumb = useMemo(() => new CapsuleGeometry(0.22, 0.75, 8, 16), []);
  const bracelet = useMemo(() => new TorusGeometry(0.66, 0.13, 20, 64), []);
  const fingerGeometries = useMemo(
    () =>
      FINGERS.map((f) => ({
        up: new CapsuleGeometry(FINGER_RADIUS, f.length - 2 * FINGER_RADIUS, 8, 16),
        folded: new CapsuleGeometry(FINGER_RADIUS, 0.42, 8, 16),
      })),
    [],
  );
  const chainY = shape.bracelet ? BRACELET_Y - 0.42 : BRACELET_Y;

  return (
    <group position={[0, 0, 0]}>
      <mesh name="palm" geometry={palm} castShadow>
        <meshStandardMaterial color={colours.hand} {...SKIN} />
      </mesh>
      <mesh name="wrist" geometry={wrist} position={[0, WRIST.y, 0]}>
        <meshStandardMaterial color={colours.hand} {...SKIN} />
      </mesh>

      {FINGERS.map((finger, i) => {
        const up = pose.up[i]!;
        // The two fingers of a peace sign spread into a V; a pointing finger stands straight.
        const spread = shape.pose === 'peace' && up ? (i === 0 ? -pose.vSpread / 2 : pose.vSpread / 2) : shape.pose === 'point' ? 0 : finger.spread;
        const geometry = up ? fingerGeometries[i]!.up : fingerGeometries[i]!.folded;
        const length = up ? finger.length : 0.8;
        return (
          // Each finger turns about its knuckle: folded fingers curl over the palm toward the viewer.
          <group key={i} position={[finger.x, KNUCKLE_Y, 0.02]} rotation={[up ? 0 : 1.95, 0, spread]}>
            <mesh name={`finger${i + 1}`} geometry={geometry} position={[0, length / 2 - 0.08, 0]}>
              <meshStandardMaterial color={colours.hand} {...SKIN} />
            </mesh>
          </group>
        );
      })}

      <group position={[PALM.width / 2 - 0.05, -0.35, 0.08]} rotation={pose.thumbOut ? [0, 0, -0.85] : [0.75, -0.2, 0.55]}>
        <mesh name="thumb" geometry={thumb} position={[0, 0.55, 0]}>
          <meshStandardMaterial color={colours.hand} {...SKIN} />
        </mesh>
      </group>

      {shape.bracelet && (
        <mesh name="bracelet" geometry={bracelet} position={[0, BRACELET_Y, 0]} rotation={[Math.PI / 2, 0, 0]}>
          <meshStandardMaterial color={colours.bracelet} roughness={0.35} metalness={0.25} />
        </mesh>
      )}
      {shape.chain && <Chain y={chainY} colour={colours.chain} />}
    </group>
  );
}

/** The chain: one instanced mesh of small oval links around the wrist, every other link turned. */
function Chain({ y, colour }: { y: number; colour: string }) {
  const ref = useRef<InstancedMesh>(null);
  const link = useMemo(() => new TorusGeometry(0.1, 0.034, 8, 20), []);
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const dummy = new Object3D();
    for (let i = 0; i < CHAIN.links; i++) {
      const a = (i / CHAIN.links) * Math.PI * 2;
      dummy.position.set(CHAIN.radius * Math.cos(a), y, CHAIN.radius * Math.sin(a));
      dummy.rotation.set(0, -a + Math.PI / 2, 0);
      if (i % 2) dummy.rotateX(Math.PI / 2);
      dummy.scale.set(1.45, 1, 1);
      dummy.updateMatrix();
      mesh.setMatrixAt(i, dummy.matrix);
    }
    mesh.instanceMatrix.needsUpdate = true;
  }, [y]);
  return (
    <instancedMesh name="chain" ref={ref} args={[link, undefined, CHAIN.links]}>
      <meshStandardMaterial color={colour} roughness={0.28} metalness={0.85} />
    </instancedMesh>
  );
}
