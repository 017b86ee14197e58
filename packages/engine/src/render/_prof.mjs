import { createCanvas } from '@napi-rs/canvas';
const W=3840,H=2160;
const c=createCanvas(W,H); const ctx=c.getContext('2d');
const b=createCanvas(W/6,H/6); const bx=b.getContext('2d'); bx.fillStyle='#456'; bx.fillRect(0,0,W/6,H/6);
const b2=createCanvas(W/2,H/2); b2.getContext('2d').fillRect(0,0,10,10);
function bench(name, fn){ for(let i=0;i<3;i++){fn(i); c.data();} gc(); const t=performance.now(); for(let i=0;i<20;i++){ fn(i); c.data(); if(i%2) gc(); } console.log(name, ((performance.now()-t)/20).toFixed(1)); }
for (let k=0;k<2;k++){
bench('nothing', ()=>{});
bench('fillRect solid', ()=>{ctx.fillStyle='#123'; ctx.fillRect(0,0,W,H)});
bench('drawImage up low /6', ()=>{ctx.imageSmoothingEnabled=true; ctx.imageSmoothingQuality='low'; ctx.drawImage(b,0,0,W,H)});
bench('drawImage up low /2', ()=>{ctx.imageSmoothingEnabled=true; ctx.imageSmoothingQuality='low'; ctx.drawImage(b2,0,0,W,H)});
bench('drawImage nosmooth', ()=>{ctx.imageSmoothingEnabled=false; ctx.drawImage(b,0,0,W,H)});
bench('linear grad full', ()=>{const g=ctx.createLinearGradient(0,0,W,H); g.addColorStop(0,'#123'); g.addColorStop(1,'#a52'); ctx.fillStyle=g; ctx.fillRect(0,0,W,H)});
}
